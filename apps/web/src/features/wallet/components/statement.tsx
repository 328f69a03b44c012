import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { formatUgx } from '@/lib/money.ts';
import { statementQuery, type StatementLine } from '../api.ts';
import { formatSignedUgx as signed, useFormats } from '@/lib/formats.ts';

function Line({ line }: { line: StatementLine }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const incoming = line.amount >= 0;
  return (
    <li className="space-y-1 p-3">
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 font-medium break-words">{line.description}</span>
        <span className={`shrink-0 font-semibold tabular-nums ${incoming ? 'text-brand-800' : 'text-red-800'}`}>
          <span className="sr-only">{incoming ? t('wallet.statement.in') : t('wallet.statement.out')} </span>
          {signed(line.amount)}
        </span>
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-stone-700">
        <span>
          <time dateTime={line.createdAt}>{formats.dateTime(line.createdAt)}</time>
          {' · '}
          {t(`wallet.statement.kind.${line.kind}`, { defaultValue: line.kind })}
          {line.reference && (
            <>
              {' · '}
              <span className="font-mono">{line.reference}</span>
            </>
          )}
        </span>
        <span className="tabular-nums">
          {t('wallet.statement.balanceAfter', { balance: formatUgx(line.balanceAfter) })}
        </span>
      </div>
    </li>
  );
}

/** Every movement of the wallet, newest first, 20 at a time. */
export function Statement() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(statementQuery);
  const lines = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) {
    return (
      <div>
        <p role="status" className="sr-only">
          {t('wallet.statement.loading')}
        </p>
        <ul aria-hidden="true" className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {[0, 1, 2].map((i) => (
            <li key={i} className="animate-pulse space-y-2 p-3">
              <div className="h-5 w-2/3 rounded bg-stone-200" />
              <div className="h-4 w-1/2 rounded bg-stone-100" />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (query.isError && lines.length === 0) {
    return (
      <div className="space-y-2">
        <FormAlert>{query.error.message}</FormAlert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('wallet.retry')}
        </Button>
      </div>
    );
  }
  if (lines.length === 0) return <p className="text-stone-700">{t('wallet.statement.empty')}</p>;
  return (
    <div className="space-y-3">
      <ul
        aria-label={t('wallet.statement.title')}
        aria-busy={query.isFetching}
        className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
      >
        {lines.map((line) => (
          <Line key={line.id} line={line} />
        ))}
      </ul>
      {query.isFetchNextPageError && <FormAlert>{query.error?.message}</FormAlert>}
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t('wallet.statement.loadingMore') : t('wallet.statement.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
