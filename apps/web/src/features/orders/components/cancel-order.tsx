import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { outcomeUnknown } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { cancelOrder, orderQuery, type Order } from '../api.ts';

/** The reason's bound, as the server checks it. */
const REASON_MAX = 300;

/**
 * Cancel an order that waits for payment or is paid: a confirmation in place, with an optional
 * reason and, for a paid order, where the money goes (back to the wallet).
 */
export function CancelOrder({ order, onCancelled }: { order: Order; onCancelled: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const question = useRef<HTMLParagraphElement>(null);
  const cancel = useMutation({
    mutationFn: cancelOrder,
    // Cancelling twice is refused (409) rather than applied twice, so a lost answer is tried again.
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(orderQuery(order.id).queryKey, cancelled);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      // A paid order's money went back to the wallet.
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      setAsking(false);
      onCancelled();
    },
  });
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <Button id="cancel-order" variant="secondary" onClick={() => setAsking(true)}>
        {t('orders.cancel.open')}
      </Button>
    );
  }
  const busy = cancel.isPending;
  const tooLong = reason.trim().length > REASON_MAX;
  return (
    <form
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong) cancel.mutate({ id: order.id, reason: reason.trim() });
      }}
    >
      <p ref={question} tabIndex={-1} className="text-amber-950">
        {order.status === 'paid'
          ? t('orders.cancel.questionPaid', { number: order.number, amount: formatUgx(order.total) })
          : t('orders.cancel.question', { number: order.number })}
      </p>
      <div className="space-y-1">
        <label htmlFor="cancel-reason" className="block text-sm font-medium">
          {t('orders.cancel.reasonLabel')}
        </label>
        <textarea
          id="cancel-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={2}
          maxLength={REASON_MAX + 50}
          aria-invalid={tooLong || undefined}
          aria-describedby="cancel-reason-hint"
          className={`w-full rounded-lg border bg-white px-3 py-2 text-base ${tooLong ? 'border-red-600' : 'border-stone-300'}`}
        />
        <p id="cancel-reason-hint" className={`text-sm ${tooLong ? 'font-medium text-red-800' : 'text-stone-600'}`}>
          {t('orders.cancel.reasonHint', { length: reason.trim().length, max: REASON_MAX })}
        </p>
      </div>
      {cancel.isError && <FormAlert>{cancel.error.message}</FormAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            setAsking(false);
            cancel.reset();
            requestAnimationFrame(() => document.getElementById('cancel-order')?.focus());
          }}
        >
          {t('orders.cancel.keep')}
        </Button>
        <Button type="submit" variant="danger" disabled={busy || tooLong} aria-busy={busy}>
          {busy ? t('orders.cancel.cancelling') : t('orders.cancel.confirm')}
        </Button>
      </div>
    </form>
  );
}
