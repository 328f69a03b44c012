import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { myTicketsQuery } from './api.ts';
import { TicketList } from './components/ticket-list.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';

export const ticketPath = (id: string) => `/support/tickets/${encodeURIComponent(id)}`;

/** The signed-in customer's tickets (the latest `limit`, or all) and the way to open one. */
export function SupportTicketsSection({ limit, headingLevel = 2 }: { limit?: number; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const query = useQuery(myTicketsQuery());
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const tickets = query.data ?? [];
  const shown = limit ? tickets.slice(0, limit) : tickets;
  return (
    <section aria-labelledby="my-tickets-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id="my-tickets-title" className={headingLevel === 1 ? 'text-2xl font-bold' : 'text-xl font-semibold'}>
          {t('support.myTickets')}
        </Heading>
        <Link to="/support/tickets/new" className={buttonClass()}>
          {t('support.report')}
        </Link>
      </div>
      {query.isPending ? (
        <SkeletonList label={t('support.loading')} count={2} />
      ) : query.isError ? (
        <RetryAlert
          message={query.error.message}
          retryLabel={t('support.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : tickets.length === 0 ? (
        <p role="status">{t('support.none')}</p>
      ) : (
        <>
          <TicketList
            tickets={shown}
            label={t('support.myTickets')}
            linkTo={ticketPath}
            itemHeading={headingLevel === 1 ? 'h2' : 'h3'}
          />
          {shown.length < tickets.length && (
            <Link to="/support/tickets" className="inline-flex min-h-11 items-center text-brand-800 underline">
              {t('support.seeAll', { count: tickets.length })}
            </Link>
          )}
        </>
      )}
    </section>
  );
}
