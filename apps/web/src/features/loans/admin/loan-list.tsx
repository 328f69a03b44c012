import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@/lib/paged-query.ts';
import type { PortfolioLoan } from './api.ts';
import { LoanCard } from './loan-card.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { RefreshButton } from '@/components/admin/refresh-button.tsx';

/** A list of loans a page at a time, with how many are shown and the way to refresh it. */
export function LoanList({
  query,
  label,
  emptyText,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<PortfolioLoan>>>;
  label: string;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const loaded = query.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <RefreshButton query={query} />
      </div>
      <PagedList
        query={query}
        label={label}
        loadingLabel={t('adminLoans.loading')}
        emptyText={emptyText}
        summary={
          <p role="status" className="text-sm text-stone-700">
            {query.isPlaceholderData ? t('admin.searching') : t('adminLoans.shown', { count: loaded })}
          </p>
        }
      >
        {(loan) => <LoanCard key={loan.id} loan={loan} />}
      </PagedList>
    </div>
  );
}
