import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { localPhone } from '@/lib/phone.ts';
import { agentLoansQuery, type AgentLoan } from '../api.ts';
import { LoanFacts } from './loan-facts.tsx';

function LoanItem({ loan }: { loan: AgentLoan }) {
  const { t } = useTranslation();
  const late = loan.daysPastDue > 0;
  return (
    <li className={`space-y-1 p-4 ${late ? 'border-l-4 border-l-red-600' : ''}`}>
      <h3 className="font-semibold break-words">{loan.customer.name || t('agent.list.noName')}</h3>
      {loan.customer.phone && <p className="text-stone-700">{localPhone(loan.customer.phone)}</p>}
      <p className="text-sm break-words">
        {t('agent.loans.product', { product: loan.productName, number: loan.number })}
      </p>
      <LoanFacts loan={loan} />
    </li>
  );
}

/** The loans of the agent's customers, the latest payers first, so the agent knows whom to visit. */
export function CustomerLoans() {
  const { t } = useTranslation();
  const loans = useQuery(agentLoansQuery);
  return (
    <section aria-labelledby="customer-loans-title" className="space-y-3" aria-busy={loans.isFetching}>
      <h2 id="customer-loans-title" className="text-lg font-semibold">
        {t('agent.loans.title')}
      </h2>
      {loans.isPending ? (
        <SkeletonList label={t('agent.loans.loading')} count={3} />
      ) : loans.isError ? (
        <div className="space-y-2">
          <FormAlert>{loans.error.message}</FormAlert>
          <Button variant="secondary" onClick={() => void loans.refetch()}>
            {t('agent.list.retry')}
          </Button>
        </div>
      ) : (
        <>
          <p role="status" className="text-sm text-stone-700">
            {loans.data.items.length === 0
              ? t('agent.loans.empty')
              : t('agent.loans.count', {
                  count: loans.data.items.length,
                  late: loans.data.items.filter((loan) => loan.daysPastDue > 0).length,
                })}
          </p>
          {loans.data.items.length > 0 && (
            <ul
              aria-labelledby="customer-loans-title"
              className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
            >
              {loans.data.items.map((loan) => (
                <LoanItem key={loan.id} loan={loan} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
