import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Arrears } from '@/components/ui/loan-status.tsx';
import { formatUgx } from '@/lib/money.ts';
import { CallButton, CustomerLoanHeading } from './components/customer-loan.tsx';
import { CustomerActions } from './customer-actions.tsx';
import { agentVisitsQuery, type Visit } from './field-api.ts';
import { NoteText } from './note-text.tsx';
import { AgentQueryView, AgentScreen } from './page-states.tsx';

function VisitItem({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const id = `visit-${visit.loanId}`;
  const place = [visit.village, visit.subCounty].filter(Boolean).join(', ');
  return (
    <li className="space-y-2 p-4" aria-labelledby={id}>
      <CustomerLoanHeading
        id={id}
        customerId={visit.customerId}
        customerName={visit.customerName}
        productName={visit.productName}
        loanNumber={visit.loanNumber}
      />
      <p className="flex flex-wrap gap-x-3">
        <Arrears days={visit.daysPastDue} />
        <span className="tabular-nums">{t('agent.visits.overdue', { amount: formatUgx(visit.amountOverdue) })}</span>
      </p>
      {place && <p className="text-stone-700">{place}</p>}
      {visit.lastNote && (
        <div className="rounded-lg bg-stone-50 p-3">
          <p className="text-sm font-medium">{t('agent.visits.lastNote')}</p>
          <NoteText note={visit.lastNote} />
        </div>
      )}
      <CustomerActions
        id={id}
        customerId={visit.customerId}
        customerName={visit.customerName}
        loanId={visit.loanId}
        describedBy={id}
        targets={[
          {
            purpose: 'loan_repayment',
            loanId: visit.loanId,
            label: t('agent.collect.loanOption', { number: visit.loanNumber, product: visit.productName }),
          },
        ]}
        before={<CallButton name={visit.customerName} phone={visit.phone} />}
      />
    </li>
  );
}

/** /agent/visits: customers with a loan in arrears, most days past due first, to call or visit. */
export default function AgentVisitsPage() {
  const { t } = useTranslation();
  const query = useQuery(agentVisitsQuery);
  return (
    <AgentScreen id="visits-title" title={t('agent.visits.title')}>
      <AgentQueryView query={query} loadingLabel={t('agent.visits.loading')}>
        {(data) => (
          <>
            <p role="status" className="text-stone-700">
              {data.items.length === 0
                ? t('agent.visits.empty')
                : t('agent.visits.count', { count: data.items.length })}
            </p>
            {data.items.length > 0 && (
              <ul
                aria-labelledby="visits-title"
                className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
              >
                {data.items.map((visit) => (
                  <VisitItem key={visit.loanId} visit={visit} />
                ))}
              </ul>
            )}
          </>
        )}
      </AgentQueryView>
    </AgentScreen>
  );
}
