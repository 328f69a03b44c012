import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { BackLink } from '@/components/ui/back-link.tsx';
import { Part } from '@/components/ui/part.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { adminTicketQuery, type Ticket } from '../api.ts';
import { Conversation } from '../components/conversation.tsx';
import { TicketFacts } from '../components/ticket-facts.tsx';
import { TicketPhotos } from '../components/ticket-photos.tsx';
import { AssignForm, ResolveForm, WriteForm } from './ticket-actions.tsx';

function Warranty({ warranty }: { warranty: NonNullable<Ticket['warranty']> }) {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      className={`rounded-lg border p-3 ${
        warranty.underWarranty
          ? 'border-green-300 bg-green-50 text-green-950'
          : 'border-amber-300 bg-amber-50 text-amber-950'
      }`}
    >
      {warranty.underWarranty
        ? t('support.admin.underWarranty', { serial: warranty.deviceSerial, until: warranty.warrantyUntil })
        : t('support.admin.outOfWarranty', { serial: warranty.deviceSerial, until: warranty.warrantyUntil ?? '—' })}
    </p>
  );
}

/** /admin/support/:id: one ticket, its whole conversation (notes too), and what staff do with it. */
export default function AdminTicketPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(adminTicketQuery(id));
  usePageTitle(query.data ? `${query.data.number} · ${query.data.subject}` : t('support.ticket'));
  return (
    <section className="mx-auto max-w-3xl space-y-4 p-4" aria-labelledby="ticket-title">
      <BackLink to="/admin/support">{t('support.admin.title')}</BackLink>
      <AdminQuery query={query} loadingLabel={t('support.loadingOne')}>
        {(ticket) => (
          <>
            <TicketFacts ticket={ticket} titleId="ticket-title" />
            <p className="text-sm">
              {t('support.admin.customer', { name: ticket.customer.name ?? t('support.someone') })}
            </p>
            {ticket.warranty && <Warranty warranty={ticket.warranty} />}
            <AssignForm ticket={ticket} />
            <TicketPhotos ticket={ticket} side="staff" />
            <Conversation messages={ticket.messages} />
            <Part id="ticket-write" title={t('support.admin.write')}>
              <WriteForm ticket={ticket} />
            </Part>
            {ticket.status !== 'resolved' && (
              <Part id="ticket-resolve" title={t('support.admin.resolveTitle')}>
                <ResolveForm ticket={ticket} />
              </Part>
            )}
          </>
        )}
      </AdminQuery>
    </section>
  );
}
