import { formatBp } from '@ecogrid/core/loans';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';
import { loanFiguresQuery, type PortfolioFigures } from './api.ts';
import { AdminError } from '@/components/admin/admin-error.tsx';

function Figure({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`min-w-0 rounded-lg border border-stone-200 bg-white p-3 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-sm text-stone-700">{term}</dt>
      <dd className="text-xl font-bold break-words tabular-nums">{children}</dd>
    </div>
  );
}

const RISK = ['par1', 'par30', 'par60', 'par90'] as const satisfies readonly (keyof PortfolioFigures)[];
const COUNTS = [
  'active',
  'completed',
  'pendingApproval',
  'inArrears',
] as const satisfies readonly (keyof PortfolioFigures)[];

function Figures({ figures }: { figures: PortfolioFigures }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-5">
        <Figure term={t('adminLoans.figures.outstanding')} wide>
          {formatUgx(figures.outstanding)}
        </Figure>
        {RISK.map((key) => (
          <Figure key={key} term={t(`adminLoans.figures.${key}`)}>
            {formatBp(figures[key])}
          </Figure>
        ))}
        <Figure term={t('adminLoans.figures.collectionRate')}>
          {figures.collectionRate === null ? t('adminLoans.figures.nothingDue') : formatBp(figures.collectionRate)}
        </Figure>
        {COUNTS.map((key) => (
          <Figure key={key} term={t(`adminLoans.figures.${key}`)}>
            {figures[key]}
          </Figure>
        ))}
      </dl>
      <p className="text-sm text-stone-700">
        {t('adminLoans.figures.collected', {
          collected: formatUgx(figures.collectedToDate),
          due: formatUgx(figures.dueToDate),
        })}
        {figures.paidAhead > 0 && ` ${t('adminLoans.figures.paidAhead', { amount: formatUgx(figures.paidAhead) })}`}
      </p>
      <p className="text-sm text-stone-700">{t('adminLoans.figures.rateHint')}</p>
      <p className="text-sm text-stone-700">{t('adminLoans.figures.parHint')}</p>
    </div>
  );
}

/** The portfolio in figures: what is owed, how much of it is at risk, how well it is collected, and how many loans are where. */
export function LoanFigures() {
  const { t } = useTranslation();
  const figures = useQuery(loanFiguresQuery);
  return (
    <section aria-labelledby="figures-title" aria-busy={figures.isFetching} className="space-y-3">
      <h2 id="figures-title" className="text-lg font-semibold">
        {t('adminLoans.figures.title')}
      </h2>
      {figures.isPending ? (
        <div>
          <p role="status" className="sr-only">
            {t('adminLoans.figures.loading')}
          </p>
          <div aria-hidden="true" className="grid animate-pulse grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-5">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="h-16 rounded-lg bg-stone-200" />
            ))}
          </div>
        </div>
      ) : figures.isError ? (
        <AdminError error={figures.error} onRetry={() => void figures.refetch()} />
      ) : (
        <Figures figures={figures.data} />
      )}
    </section>
  );
}
