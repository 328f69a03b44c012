import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { BackLink } from '@/components/ui/back-link.tsx';
import { buttonClass } from '@/components/ui/button.tsx';
import { localPhone } from '@/lib/phone.ts';
import type { CashTarget } from './collect-cash-form.tsx';
import { CustomerActions } from './customer-actions.tsx';
import { KycLine } from './components/kyc-line.tsx';
import { CustomerRecords } from './customer-records.tsx';
import { agentCustomerQuery, type AgentCustomerDetail } from './field-api.ts';
import { AgentQueryView, AgentScreen } from './page-states.tsx';

/** What cash can be taken for: a loan waiting for its deposit or being repaid, an order waiting for payment. */
function useCashTargets(detail: AgentCustomerDetail): CashTarget[] {
  const { t } = useTranslation();
  return [
    ...detail.loans
      .filter((loan) => loan.status === 'approved' || loan.status === 'active')
      .map((loan): CashTarget => ({
        purpose: 'loan_repayment',
        loanId: loan.id,
        label: t('agent.collect.loanOption', { number: loan.number, product: loan.productName }),
      })),
    ...detail.orders
      .filter((order) => order.status === 'pending_payment')
      .map((order): CashTarget => ({
        purpose: 'order',
        orderId: order.id,
        label: t('agent.collect.orderOption', { number: order.number }),
      })),
  ];
}

function CustomerDetail({ detail }: { detail: AgentCustomerDetail }) {
  const { t } = useTranslation();
  const { customer } = detail;
  const targets = useCashTargets(detail);
  // Arriving from a sale paid in cash: the collection of what it left due, ready to record.
  const [search] = useSearchParams();
  const collect = search.get('collect');
  const initial = collect ? { target: collect, amount: search.get('amount') ?? '' } : undefined;
  const phone = customer.phone ? localPhone(customer.phone) || customer.phone : null;
  const place = [customer.village, customer.subCounty, customer.district].filter(Boolean).join(', ');
  return (
    <>
      <section
        aria-label={t('agent.customer.about')}
        className="space-y-2 rounded-xl border border-stone-200 bg-white p-4"
      >
        {phone && (
          <p>
            <a href={`tel:${customer.phone}`} className="font-medium text-brand-800 underline">
              {t('agent.visits.call', { name: customer.name, phone })}
            </a>
          </p>
        )}
        {place && <p className="text-stone-700">{place}</p>}
        <p className="text-stone-700">
          {t('agent.customer.language', { language: t(`agent.register.languages.${customer.preferredLanguage}`) })}
        </p>
        {customer.accountNumber && (
          <p className="text-stone-700 tabular-nums">
            {t('agent.customer.accountNumber', { number: customer.accountNumber })}
          </p>
        )}
        <KycLine status={customer.kycStatus} />
        {detail.loans.some((loan) => loan.daysPastDue > 0) && (
          <Link
            to={`/agent/follow-ups?customer=${encodeURIComponent(customer.id)}`}
            className={buttonClass('secondary', 'w-full sm:w-auto')}
          >
            {t('agent.followUps.forCustomer', { name: customer.name })}
          </Link>
        )}
        {customer.consentActive && customer.kycStatus !== 'verified' && (
          <Link
            to={`/agent/customers/${encodeURIComponent(customer.id)}/kyc`}
            className={buttonClass('secondary', 'w-full sm:w-auto')}
          >
            {t('agent.list.continue')}
          </Link>
        )}
        {customer.consentActive && (
          <Link
            to={`/agent/customers/${encodeURIComponent(customer.id)}/sell`}
            className={buttonClass('secondary', 'w-full sm:w-auto')}
          >
            {t('agent.customer.sell', { name: customer.name })}
          </Link>
        )}
        {customer.consentActive && (
          <Link
            to={`/agent/customers/${encodeURIComponent(customer.id)}/support`}
            className={buttonClass('secondary', 'w-full sm:w-auto')}
          >
            {t('support.agent.report', { name: customer.name })}
          </Link>
        )}
      </section>
      <CustomerActions
        id="customer"
        customerId={customer.id}
        customerName={customer.name}
        targets={targets}
        initial={initial}
      />
      <CustomerRecords detail={detail} />
    </>
  );
}

/** /agent/customers/:customerId: one customer the agent serves, whole, with what can be done for them. */
export default function AgentCustomerPage() {
  const { t } = useTranslation();
  const { customerId = '' } = useParams();
  const query = useQuery(agentCustomerQuery(customerId));
  const name = query.data?.customer.name;
  return (
    <AgentScreen
      id="customer-title"
      title={name ?? t('agent.customer.title')}
      before={<BackLink to="/agent/customers">{t('agent.customers.title')}</BackLink>}
    >
      <AgentQueryView query={query} loadingLabel={t('agent.customer.loading')}>
        {(detail) => <CustomerDetail detail={detail} />}
      </AgentQueryView>
    </AgentScreen>
  );
}
