import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/ui/back-link.tsx';
import { agentCustomersQuery } from '@/features/agents/api.ts';
import { OpenTicketForm } from '@/features/support/components/open-ticket-form.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

/** /agent/customers/:customerId/support: the agent reports a problem for a customer who consented to them. */
export default function AgentCustomerTicketPage() {
  const { t } = useTranslation();
  const { customerId = '' } = useParams<{ customerId: string }>();
  const navigate = useNavigate();
  // Usually already in the cache from /agent/customers; only for the customer's name.
  const list = useQuery(agentCustomersQuery);
  const name = list.data?.items.find((c) => c.customerId === customerId)?.name;
  const title = name ? t('support.agent.title', { name }) : t('support.newTitle');
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-xl space-y-4 p-4" aria-labelledby="agent-ticket-title">
      <BackLink to={`/agent/customers/${encodeURIComponent(customerId)}`}>{t('support.agent.back')}</BackLink>
      <h1 id="agent-ticket-title" className="text-2xl font-bold">
        {title}
      </h1>
      <OpenTicketForm
        customerId={customerId}
        onOpened={(ticket) => void navigate(`/agent/support/${encodeURIComponent(ticket.id)}`, { replace: true })}
      />
    </section>
  );
}
