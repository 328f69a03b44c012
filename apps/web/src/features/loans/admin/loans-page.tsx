import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoanFigures } from './loan-figures.tsx';
import { LoanFiltersForm } from './loan-filters.tsx';
import { LoanList } from './loan-list.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { adminLoansQuery, loanFiguresQuery } from './api.ts';
import { useLoanFilters } from './use-loan-filters.ts';

// The charts and their tables load only when an admin opens the portfolio.
const PortfolioReports = lazy(() => import('./portfolio-reports.tsx'));

/** The way to the approval queue, with how many applications wait. */
function ApprovalsLink() {
  const { t } = useTranslation();
  const figures = useQuery(loanFiguresQuery);
  const waiting = figures.data?.pendingApproval;
  return (
    <Link
      to="/admin/loans/approvals"
      className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950 hover:bg-amber-100"
    >
      <span>{t('adminLoans.approvals.title')}</span>
      {waiting !== undefined && <span>{t('adminLoans.approvals.waiting', { count: waiting })}</span>}
    </Link>
  );
}

/**
 * /admin/loans: the pay-as-you-go portfolio: its figures, then every loan, filtered by status,
 * district, agent and days past due (kept in the address), each opening the loan.
 */
export default function LoansPage() {
  const { t } = useTranslation();
  const state = useLoanFilters();
  const query = useInfiniteQuery(adminLoansQuery(state.filters));

  return (
    <section className="mx-auto max-w-5xl space-y-6 p-4" aria-labelledby="loans-title">
      <AdminPageHeader titleId="loans-title" title={t('adminLoans.title')}>
        <p>{t('adminLoans.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      <ApprovalsLink />
      <LoanFigures />
      <Suspense fallback={<SkeletonList label={t('adminLoans.reports.loading')} count={2} />}>
        <PortfolioReports />
      </Suspense>
      <section aria-labelledby="loan-list-title" className="space-y-3">
        <h2 id="loan-list-title" className="text-lg font-semibold">
          {t('adminLoans.listTitle')}
        </h2>
        <LoanFiltersForm state={state} />
        <LoanList
          query={query}
          label={t('adminLoans.listTitle')}
          emptyText={state.active > 0 ? t('adminLoans.noMatch') : t('adminLoans.empty')}
        />
      </section>
    </section>
  );
}
