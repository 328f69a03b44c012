import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { formatSignedUgx, useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { agentHandoversQuery, agentStatementQuery } from './api.ts';

const row = 'space-y-1 rounded-lg border border-stone-200 bg-white p-3 text-sm';

/** The words around one of the agent's paged records: its name, while loading, and when empty. */
const texts = (t: TFunction, records: 'handovers' | 'statement') =>
  records === 'handovers'
    ? {
        label: t('admin.agents.handoversTitle'),
        loadingLabel: t('admin.agents.loadingHandovers'),
        emptyText: t('admin.agents.noHandovers'),
        listClassName: 'space-y-2',
      }
    : {
        label: t('admin.agents.statementTitle'),
        loadingLabel: t('admin.agents.loadingStatement'),
        emptyText: t('admin.agents.noStatement'),
        listClassName: 'space-y-2',
      };

/**
 * Cash the agent handed over, newest first, a page at a time: how much, how, its reference and
 * note, who recorded it.
 */
export function HandoverList({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <PagedList query={useInfiniteQuery(agentHandoversQuery(agentId))} {...texts(t, 'handovers')}>
      {(handover) => (
        <li key={handover.id} className={row}>
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-semibold tabular-nums">{formatUgx(handover.amount)}</span>
            <time dateTime={handover.createdAt} className="text-stone-700">
              {formats.dateTime(handover.createdAt)}
            </time>
          </p>
          <p>
            {t(`admin.agents.method.${handover.method}`)}
            {handover.reference && (
              <>
                {' · '}
                <span className="font-mono break-all">{handover.reference}</span>
              </>
            )}
          </p>
          {handover.note && <p className="break-words text-stone-700">{handover.note}</p>}
          <p className="text-stone-700">{t('admin.agents.recordedBy', { name: handover.recordedBy.name })}</p>
        </li>
      )}
    </PagedList>
  );
}

/**
 * The agent's wallet statement, newest first, a page at a time: commission in, reversals and
 * withdrawals out, with the balance after each.
 */
export function Statement({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <PagedList query={useInfiniteQuery(agentStatementQuery(agentId))} {...texts(t, 'statement')}>
      {(line) => (
        <li key={line.id} className={row}>
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="min-w-0 break-words">{line.description}</span>
            <span className={`font-semibold tabular-nums ${line.amount < 0 ? 'text-red-800' : 'text-green-800'}`}>
              {formatSignedUgx(line.amount)}
            </span>
          </p>
          <p className="flex flex-wrap justify-between gap-2 text-stone-700">
            <time dateTime={line.createdAt}>{formats.dateTime(line.createdAt)}</time>
            <span className="tabular-nums">
              {t('admin.agents.balanceAfter', { amount: formatUgx(line.balanceAfter) })}
            </span>
          </p>
        </li>
      )}
    </PagedList>
  );
}
