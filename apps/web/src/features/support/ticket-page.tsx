import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/ui/back-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { useFormats } from '@/lib/formats.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { reopenTicket, replyToTicket, ticketQuery, type Ticket, type TicketSide } from './api.ts';
import { Conversation } from './components/conversation.tsx';
import { MessageField } from './components/message-field.tsx';
import { TicketFacts } from './components/ticket-facts.tsx';
import { TicketPhotos } from './components/ticket-photos.tsx';

/** The customer's (or agent's) answer box: a reply while open, a reopening while the window lasts. */
function ReplyForm({ ticket, side }: { ticket: Ticket; side: TicketSide }) {
  const { t } = useTranslation();
  const { dateTime } = useFormats();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [empty, setEmpty] = useState(false);
  const reopening = ticket.status === 'resolved';
  const send = useMutation({
    mutationFn: () => (reopening ? reopenTicket(ticket.id, body.trim()) : replyToTicket(ticket.id, body.trim(), side)),
    onSuccess: async (updated) => {
      setBody('');
      void showToast(t(reopening ? 'support.reopened' : 'support.replied'), { kind: 'success' });
      queryClient.setQueryData(ticketQuery(ticket.id, side).queryKey, updated);
      await queryClient.invalidateQueries({ queryKey: ['support', side, 'list'] });
    },
  });
  const canReopen = reopening && ticket.reopenUntil !== null && new Date(ticket.reopenUntil) > new Date();
  if (reopening && (!canReopen || side === 'agent')) {
    return <p>{t('support.closedForGood')}</p>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEmpty(!body.trim());
    if (body.trim()) send.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={send.isPending}>
      {reopening && <p>{t('support.reopenUntil', { when: dateTime(ticket.reopenUntil!) })}</p>}
      {ticket.status === 'waiting_on_customer' && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">{t('support.waitingOnYou')}</p>
      )}
      <MessageField
        id="ticket-reply"
        label={t(reopening ? 'support.reopenLabel' : 'support.replyLabel')}
        value={body}
        error={empty ? t('support.invalid.message') : undefined}
        onChange={setBody}
      />
      {send.isError && <FormAlert>{send.error.message}</FormAlert>}
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? t('support.sending') : t(reopening ? 'support.reopen' : 'support.sendReply')}
      </Button>
    </form>
  );
}

/** /support/tickets/:id (and the agent's view of a customer's ticket): the ticket, its conversation and a reply. */
export function TicketView({ side, back }: { side: TicketSide; back: string }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(ticketQuery(id, side));
  usePageTitle(query.data ? query.data.subject : t('support.ticket'));
  return (
    <section className="mx-auto max-w-2xl space-y-4 p-4" aria-labelledby="ticket-title">
      <BackLink to={back}>{t('support.myTickets')}</BackLink>
      {query.isPending ? (
        <SkeletonList label={t('support.loadingOne')} count={2} />
      ) : query.isError ? (
        <FormAlert>{query.error.message}</FormAlert>
      ) : (
        <>
          <TicketFacts ticket={query.data} titleId="ticket-title" />
          <TicketPhotos ticket={query.data} side={side} />
          <Conversation messages={query.data.messages} />
          <ReplyForm ticket={query.data} side={side} />
        </>
      )}
    </section>
  );
}

export default function TicketPage() {
  return <TicketView side="customer" back="/support/tickets" />;
}
