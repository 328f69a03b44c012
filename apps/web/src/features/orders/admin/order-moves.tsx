import { ORDER_TRANSITIONS } from '@ecogrid/core/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { outcomeUnknown } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { moveOrder, type AdminOrder, type OrderMove } from './api.ts';
import { useErrorText } from '@/components/admin/admin-error.tsx';

/** The note's bound, as the server checks it. */
const NOTE_MAX = 300;

/** Where this order may go next by hand: ORDER_TRANSITIONS, without 'paid' (only its payment pays it). */
export const nextMoves = (order: AdminOrder): OrderMove[] =>
  ORDER_TRANSITIONS[order.status].filter(
    (status): status is OrderMove =>
      status !== 'paid' &&
      status !== 'pending_payment' &&
      // A credit order's price is owed on its loan: it is not cancelled like a cash order.
      !(status === 'cancelled' && order.loan !== null),
  );

/**
 * The allowed next statuses as buttons; the chosen one asks for confirmation in place, with a
 * note for the customer (optional, but a cancellation must say why).
 */
export function OrderMoves({ order, onMoved }: { order: AdminOrder; onMoved: (text: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [chosen, setChosen] = useState<OrderMove | null>(null);
  const [note, setNote] = useState('');
  const [serial, setSerial] = useState('');
  const [problem, setProblem] = useState<'required' | 'long' | null>(null);
  const question = useRef<HTMLParagraphElement>(null);
  const move = useMutation({
    mutationFn: moveOrder,
    // The same move twice is refused (409), never applied twice: a lost answer is tried again.
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: async (moved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'order', order.id] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] }),
      ]);
      setChosen(null);
      setNote('');
      setSerial('');
      onMoved(t('admin.orders.moved', { number: moved.number, status: t(`orders.status.${moved.status}`) }));
    },
  });
  useEffect(() => {
    if (chosen) question.current?.focus();
  }, [chosen]);

  const moves = nextMoves(order);
  if (moves.length === 0) return <p className="text-stone-700">{t('admin.orders.noMoves')}</p>;

  if (!chosen) {
    return (
      <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {moves.map((status) => (
          <li key={status}>
            <Button
              id={`move-${status}`}
              className="w-full sm:w-auto"
              variant={status === 'cancelled' ? 'danger' : 'primary'}
              onClick={() => {
                move.reset();
                setProblem(null);
                setChosen(status);
              }}
            >
              {t(`admin.orders.move.${status}`)}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  const cancelling = chosen === 'cancelled';
  // Delivering a product bought on credit hands over its pay-as-you-go device.
  const handsOverDevice = chosen === 'delivered' && order.loan !== null;
  const busy = move.isPending;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = note.trim();
    const found = cancelling && !text ? 'required' : text.length > NOTE_MAX ? 'long' : null;
    setProblem(found);
    if (found) {
      document.getElementById('move-note')?.focus();
      return;
    }
    move.mutate({ id: order.id, status: chosen, note: text, deviceSerial: handsOverDevice ? serial.trim() : '' });
  };
  const noteError = problem ? 'move-note-error' : undefined;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
      aria-busy={busy}
    >
      <p ref={question} tabIndex={-1} className="text-amber-950">
        {cancelling
          ? order.status === 'paid'
            ? t('admin.orders.confirmCancelPaid', { number: order.number, amount: formatUgx(order.total) })
            : t('admin.orders.confirmCancel', { number: order.number })
          : t('admin.orders.confirmMove', { number: order.number, status: t(`orders.status.${chosen}`) })}
      </p>
      <div className="space-y-1">
        <label htmlFor="move-note" className="block text-sm font-medium">
          {cancelling ? t('admin.orders.reasonLabel') : t('admin.orders.noteLabel')}
        </label>
        <textarea
          id="move-note"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={2}
          maxLength={NOTE_MAX + 50}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={[noteError, 'move-note-hint'].filter(Boolean).join(' ')}
          className={`w-full rounded-lg border bg-white px-3 py-2 text-base ${noteError ? 'border-red-600' : 'border-stone-300'}`}
        />
        {noteError && (
          <p id={noteError} className="text-sm font-medium text-red-800">
            {problem === 'required' ? t('admin.orders.reasonRequired') : t('admin.orders.noteLong', { max: NOTE_MAX })}
          </p>
        )}
        <p id="move-note-hint" className="text-sm text-stone-600">
          {t('admin.orders.noteHint', { length: note.trim().length, max: NOTE_MAX })}
        </p>
      </div>
      {handsOverDevice && (
        <TextField
          id="move-device-serial"
          label={t('admin.orders.deviceSerial')}
          hint={t('admin.orders.deviceSerialHint')}
          value={serial}
          onChange={(event) => setSerial(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
        />
      )}
      {move.isError && <FormAlert>{errorText(move.error)}</FormAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            const back = chosen;
            setChosen(null);
            requestAnimationFrame(() => document.getElementById(`move-${back}`)?.focus());
          }}
        >
          {t('admin.back')}
        </Button>
        <Button type="submit" variant={cancelling ? 'danger' : 'primary'} disabled={busy} aria-busy={busy}>
          {busy ? t('admin.working') : t(`admin.orders.confirm.${chosen}`)}
        </Button>
      </div>
    </form>
  );
}
