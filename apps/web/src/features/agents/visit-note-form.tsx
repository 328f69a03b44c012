import { parseUgx } from '@ecogrid/core/money';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { formatUgx } from '@/lib/money.ts';
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
      <div className="space-y-1">
        <label htmlFor={`${idPrefix}-note`} className="block text-sm font-medium">
          {t('agent.note.note')}
        </label>
        <textarea
          id={`${idPrefix}-note`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={3}
          maxLength={1000}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${idPrefix}-note-error` : undefined}
          className={`w-full rounded-lg border bg-white p-3 text-base ${errors.note ? 'border-red-600' : 'border-stone-300'}`}
        />
        {errors.note && (
          <p id={`${idPrefix}-note-error`} className="text-sm font-medium text-red-800">
            {errors.note}
          </p>
        )}
      </div>
      <TextField
        id={`${idPrefix}-promiseAmount`}
        label={t('agent.note.promiseAmount')}
        error={errors.promiseAmount}
        value={promiseAmount}
        onChange={(event) => setPromiseAmount(event.target.value)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={16}
      />
      <TextField
        id={`${idPrefix}-promiseDate`}
        type="date"
        label={t('agent.note.promiseDate')}
        error={errors.promiseDate}
        value={promiseDate}
        onChange={(event) => setPromiseDate(event.target.value)}
      />
      <Button type="submit" className="w-full sm:w-auto">
        {t('agent.note.save')}
      </Button>
    </form>
  );
}
