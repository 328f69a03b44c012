import type { ResolveTicketInput } from '@ecogrid/core/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { useAttemptKey } from '@/lib/idempotency.ts';
import {
  adminTicketQuery,
  assignTicket,
  resolveTicket,
  supportStaffQuery,
  writeOnTicket,
  type Ticket,
} from '../api.ts';
import { MessageField } from '../components/message-field.tsx';

/** After a change: the page shows the answer, and every list is asked again. */
function useTicketSaved(id: string) {
  const queryClient = useQueryClient();
  return async (ticket: Ticket) => {
    queryClient.setQueryData(adminTicketQuery(id).queryKey, ticket);
    await queryClient.invalidateQueries({ queryKey: ['support', 'queue'] });
  };
}

export function AssignForm({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const staff = useQuery(supportStaffQuery);
  const saved = useTicketSaved(ticket.id);
  const errorText = useErrorText();
  const assign = useMutation({
    mutationFn: (assigneeId: string | null) => assignTicket(ticket.id, assigneeId),
    onSuccess: async (updated) => {
      void showToast(t('support.admin.assigned'), { kind: 'success' });
      await saved(updated);
    },
  });
  const me = staff.data?.me;
  return (
    <div className="space-y-2" aria-busy={assign.isPending}>
      <SelectField
        id="ticket-assignee"
        label={t('support.admin.assignee')}
        placeholder={t('support.admin.unassigned')}
        options={(staff.data?.staff ?? []).map((s) => ({ value: s.id, label: s.name ?? s.id }))}
        value={ticket.assignee?.id ?? ''}
        disabled={assign.isPending}
        onChange={(event) => assign.mutate(event.target.value || null)}
      />
      {me && ticket.assignee?.id !== me && (
        <Button variant="secondary" onClick={() => assign.mutate(me)} disabled={assign.isPending}>
          {t('support.admin.takeIt')}
        </Button>
      )}
      {assign.isError && <FormAlert>{errorText(assign.error)}</FormAlert>}
    </div>
  );
}

type WriteKind = 'reply' | 'info_request' | 'note';

export function WriteForm({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const saved = useTicketSaved(ticket.id);
  const errorText = useErrorText();
  const [kind, setKind] = useState<WriteKind>('reply');
  const [body, setBody] = useState('');
  const [empty, setEmpty] = useState(false);
  const write = useMutation({
    mutationFn: () => writeOnTicket(ticket.id, kind, body.trim()),
    onSuccess: async (updated) => {
      setBody('');
      void showToast(t(`support.admin.sent.${kind}`), { kind: 'success' });
      await saved(updated);
    },
  });
  const kinds: WriteKind[] = ticket.status === 'resolved' ? ['note'] : ['reply', 'info_request', 'note'];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEmpty(!body.trim());
    if (body.trim()) write.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={write.isPending}>
      <SelectField
        id="write-kind"
        label={t('support.admin.writeKind')}
        options={kinds.map((value) => ({ value, label: t(`support.admin.kinds.${value}`) }))}
        value={kinds.includes(kind) ? kind : 'note'}
        onChange={(event) => setKind(event.target.value as WriteKind)}
      />
      <MessageField
        id="write-body"
        label={t('support.admin.message')}
        value={body}
        error={empty ? t('support.invalid.message') : undefined}
        onChange={setBody}
      />
      {write.isError && <FormAlert>{errorText(write.error)}</FormAlert>}
      <Button type="submit" disabled={write.isPending}>
        {write.isPending ? t('support.sending') : t('support.admin.send')}
      </Button>
    </form>
  );
}

type Outcome = ResolveTicketInput['outcome'];

/** Resolve: an answer, or for a device fault a repair, a swap (under warranty, free) or a quote. */
export function ResolveForm({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const saved = useTicketSaved(ticket.id);
  const errorText = useErrorText();
  const attempt = useAttemptKey();
  const fault = ticket.category === 'device_fault';
  const outcomes: Outcome[] = !fault
    ? ['answer']
    : ticket.warranty?.underWarranty
      ? ['swap', 'repair', 'answer']
      : ['quote', 'repair', 'answer'];
  const [outcome, setOutcome] = useState<Outcome>(outcomes[0]!);
  const [body, setBody] = useState('');
  const [serial, setSerial] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<'message' | 'amount' | null>(null);
  const resolve = useMutation({
    mutationFn: (input: ResolveTicketInput) => resolveTicket(ticket.id, input, attempt.keyFor(input)),
    onSuccess: async (updated) => {
      attempt.settled();
      void showToast(t('support.admin.resolved', { number: updated.number }), { kind: 'success' });
      await saved(updated);
    },
    onError: (error) => attempt.settled(error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const quote = Number(amount.replace(/[\s,]/g, ''));
    if (!body.trim()) return setProblem('message');
    if (outcome === 'quote' && !(Number.isInteger(quote) && quote > 0)) return setProblem('amount');
    setProblem(null);
    resolve.mutate({
      outcome,
      body: body.trim(),
      ...(outcome === 'swap' && serial.trim() ? { newSerial: serial.trim() } : {}),
      ...(outcome === 'quote' ? { amount: quote } : {}),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={resolve.isPending}>
      <SelectField
        id="resolve-outcome"
        label={t('support.outcomeLabel')}
        options={outcomes.map((value) => ({ value, label: t(`support.outcome.${value}`) }))}
        value={outcome}
        onChange={(event) => setOutcome(event.target.value as Outcome)}
      />
      {outcome === 'swap' && (
        <TextField
          id="resolve-serial"
          label={t('support.admin.newSerial')}
          hint={t('support.admin.newSerialHint')}
          value={serial}
          maxLength={64}
          onChange={(event) => setSerial(event.target.value)}
        />
      )}
      {outcome === 'quote' && (
        <TextField
          id="resolve-amount"
          label={t('support.admin.quoteAmount')}
          inputMode="numeric"
          value={amount}
          error={problem === 'amount' ? t('support.invalid.amount') : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
      )}
      <MessageField
        id="resolve-body"
        label={t('support.admin.resolutionMessage')}
        value={body}
        error={problem === 'message' ? t('support.invalid.message') : undefined}
        onChange={setBody}
      />
      {resolve.isError && <FormAlert>{errorText(resolve.error)}</FormAlert>}
      <Button type="submit" disabled={resolve.isPending}>
        {resolve.isPending ? t('support.admin.resolving') : t('support.admin.resolve')}
      </Button>
    </form>
  );
}
