import { parseUgx } from '@ecogrid/core/money';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { formatUgx } from '@/lib/money.ts';
import { NoteField } from './components/note-field.tsx';
import { PromiseFields } from './components/promise-fields.tsx';
import { FIELD_PATHS, type VisitNoteRequest } from './field-api.ts';
import { useAgentOutbox } from './outbox/queue-store.ts';
import { QueuedStatus } from './queued-status.tsx';
import { newClientKey } from './receipt-number.ts';

const MAX_PROMISE = 100_000_000;

type Props = { customerId: string; customerName: string; loanId?: string | undefined; idPrefix: string };

type Errors = { note?: string; promiseAmount?: string; promiseDate?: string };

/**
 * What happened on a visit or call, with an optional promise to pay (an amount by a date).
 * Queued on the phone and sent when there is a network.
 */
export function VisitNoteForm({ customerId, customerName, loanId, idPrefix }: Props) {
  const { t } = useTranslation();
  const { outbox, items } = useAgentOutbox();
  const [note, setNote] = useState('');
  const [promiseAmount, setPromiseAmount] = useState('');
  const [promiseDate, setPromiseDate] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sentKey, setSentKey] = useState<string | null>(null);
  const sent = items.find((item) => item.key === sentKey);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = promiseAmount.trim() ? parseUgx(promiseAmount) : undefined;
    const found: Errors = {};
    if (!note.trim()) found.note = t('agent.note.noteInvalid');
    if (amount === null || (amount !== undefined && (amount < 1 || amount > MAX_PROMISE))) {
      found.promiseAmount = t('agent.collect.amountInvalid', { max: formatUgx(MAX_PROMISE) });
    } else if ((amount === undefined) !== !promiseDate) {
      found[amount === undefined ? 'promiseAmount' : 'promiseDate'] = t('agent.note.promiseBoth');
    }
    setErrors(found);
    const first = (['note', 'promiseAmount', 'promiseDate'] as const).find((field) => found[field]);
    if (first || !outbox) {
      if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
      return;
    }
    const body: VisitNoteRequest = {
      clientKey: newClientKey(),
      customerId,
      ...(loanId ? { loanId } : {}),
      note: note.trim(),
      ...(amount !== undefined && amount !== null ? { promiseAmount: amount, promiseDate } : {}),
      recordedAt: new Date().toISOString(),
    };
    outbox.enqueue('visit-note', FIELD_PATHS['visit-note'], body, { customerName });
    void outbox.flush();
    setSentKey(body.clientKey);
    setNote('');
    setPromiseAmount('');
    setPromiseDate('');
  };

  if (sent) {
    return (
      <div className="space-y-3">
        <p className="font-medium">{t('agent.note.saved')}</p>
        <QueuedStatus item={sent} />
        <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setSentKey(null)}>
          {t('agent.note.another')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <NoteField
        id={`${idPrefix}-note`}
        label={t('agent.note.note')}
        value={note}
        error={errors.note}
        onChange={setNote}
      />
      <PromiseFields
        idPrefix={idPrefix}
        amountLabel={t('agent.note.promiseAmount')}
        amount={promiseAmount}
        date={promiseDate}
        errors={errors}
        onAmount={setPromiseAmount}
        onDate={setPromiseDate}
      />
      <Button type="submit" className="w-full sm:w-auto">
        {t('agent.note.save')}
      </Button>
    </form>
  );
}
