import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '@/components/ui/back-link.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { OpenTicketForm } from './components/open-ticket-form.tsx';
import { ticketPath } from './support-tickets-section.tsx';

/** /support/tickets/new: report a problem; ?category=device_fault&loan=<id> fills in the first two answers. */
export default function NewTicketPage() {
  const { t } = useTranslation();
  usePageTitle(t('support.newTitle'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <section className="mx-auto max-w-2xl space-y-4 p-4" aria-labelledby="new-ticket-title">
      <BackLink to="/support/tickets">{t('support.myTickets')}</BackLink>
      <h1 id="new-ticket-title" className="text-2xl font-bold">
        {t('support.newTitle')}
      </h1>
      <p>{t('support.newIntro')}</p>
      <OpenTicketForm
        initial={{ category: params.get('category'), loanId: params.get('loan'), orderId: params.get('order') }}
        onOpened={(ticket) => void navigate(ticketPath(ticket.id), { replace: true })}
      />
    </section>
  );
}
