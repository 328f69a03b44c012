import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/ui/back-link.tsx';
import { agentCustomersQuery } from '@/features/agents/api.ts';
import { KycJourney } from '@/features/kyc/kyc-journey.tsx';

/**
 * /agent/customers/:customerId/kyc: the customer's identity check, filled in by the agent they
 * consented to. The journey is the customer's own, pointed at the agent's routes.
 */
export default function CustomerKycPage() {
  const { t } = useTranslation();
  const { customerId } = useParams<{ customerId: string }>();
  const queryClient = useQueryClient();
  // Usually already in the cache from /agent/customers; only for the customer's name.
  const list = useQuery(agentCustomersQuery);
  const customer = list.data?.items.find((c) => c.customerId === customerId);
  // What the agent did here (a submitted check) shows in the list they go back to.
  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: agentCustomersQuery.queryKey, refetchType: 'none' }),
    [queryClient],
  );

  return (
    <section className="mx-auto max-w-xl space-y-5 p-4" aria-labelledby="customer-kyc-title">
      <header className="space-y-2">
        <BackLink to="/agent/customers">{t('agent.kycPage.back')}</BackLink>
        <h1 id="customer-kyc-title" className="text-2xl font-bold">
          {customer?.name ? t('agent.kycPage.title', { name: customer.name }) : t('agent.kycPage.titleUnknown')}
        </h1>
        <p className="text-stone-700">{t('agent.kycPage.intro')}</p>
      </header>
      <KycJourney customerId={customerId} />
    </section>
  );
}
