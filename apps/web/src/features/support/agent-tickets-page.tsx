import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { myTicketsQuery } from './api.ts';
import { TicketList } from './components/ticket-list.tsx';

const agentTicketPath = (id: string) => `/agent/support/${encodeURIComponent(id)}`;

/**
 * /agent/support: the support tickets of the customers the agent serves, newest first, each with
 * whose it is. A ticket is opened from the customer's page (Report a problem for …).
 */
export default function AgentTicketsPage() {
  const { t } = useTranslation();
  usePageTitle(t('support.agent.listTitle'));
  const query = useQuery(myTicketsQuery('agent'));
  return (
    <section aria-labelledby="agent-tickets-title" className="mx-auto max-w-2xl space-y-3 p-4">
      <h1 id="agent-tickets-title" className="text-2xl font-bold">
        {t('support.agent.listTitle')}
      </h1>
      <p className="text-stone-700">{t('support.agent.listIntro')}</p>
      {query.isPending ? (
        <SkeletonList label={t('support.loading')} count={2} />
      ) : query.isError ? (
        <div className="space-y-2">
          <FormAlert>{query.error.message}</FormAlert>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('support.retry')}
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <p role="status">{t('support.agent.none')}</p>
      ) : (
        <TicketList
          tickets={query.data}
          label={t('support.agent.listTitle')}
          linkTo={agentTicketPath}
          showCustomer
          itemHeading="h2"
        />
      )}
    </section>
  );
}
