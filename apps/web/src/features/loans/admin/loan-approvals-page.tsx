import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoanList } from './loan-list.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { adminLoansQuery, type LoanFilters } from './api.ts';

const QUEUE: LoanFilters = { status: 'pending_approval' };

/**
 * /admin/loans/approvals: the applications the credit policy sends to a person, oldest first;
 * each opens the loan, with the customer's credit history, to approve or reject.
 */
export default function LoanApprovalsPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(adminLoansQuery(QUEUE));
  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="approvals-title">
      <AdminPageHeader titleId="approvals-title" title={t('adminLoans.approvals.title')}>
        <p>
          <Link to="/admin/loans" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
            {t('adminLoans.backToList')}
          </Link>
        </p>
        <p>{t('adminLoans.approvals.intro')}</p>
      </AdminPageHeader>
      <LoanList query={query} label={t('adminLoans.approvals.title')} emptyText={t('adminLoans.approvals.empty')} />
    </section>
  );
}
