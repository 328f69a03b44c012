import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { localPhone } from '@/lib/phone.ts';
import { resolvePayment, type PaymentDetail, type Resolution } from './api.ts';
import { useErrorText } from '@/components/admin/admin-error.tsx';

/** The reason's bounds, as the server checks them. */
const REASON = { min: 5, max: 500 } as const;

type Action = Resolution['action'];

/**
 * Closing a payment by hand: mark a stuck one failed, or send a top-up back to the mobile-money
 * number it came from, out of the wallet (only what the server offers for this payment), with a
 * reason for the audit log and a confirmation step.
 */
export function ResolvePayment({ detail, onResolved }: { detail: PaymentDetail; onResolved: (text: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const attempt = useAttemptKey();
  const { payment, actions } = detail;
  const offered = (['mark_failed', 'refund'] as const).filter((a) =>
    a === 'refund' ? actions.refund : actions.markFailed,
  );
  const [action, setAction] = useState<Action | null>(offered.length === 1 ? offered[0]! : null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'action' | 'reasonShort' | 'reasonLong' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmText = useRef<HTMLParagraphElement>(null);
  const resolve = useMutation({
    mutationFn: (resolution: Resolution) => resolvePayment(payment.id, resolution, attempt.keyFor(resolution)),
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: async (result, resolution) => {
      attempt.settled();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'payment', payment.id] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'payments'] }),
      ]);
      onResolved(
        result.approval
          ? t('admin.payments.doneRefundWaiting', { amount: formatUgx(payment.amount) })
          : resolution.action === 'refund'
            ? t('admin.payments.doneRefund', {
                amount: formatUgx(result.refund?.amount ?? payment.amount),
                reference: result.refund?.reference ?? payment.reference,
                phone: localPhone(payment.phone),
              })
            : t('admin.payments.doneMarkFailed', { reference: result.payment.reference }),
      );
    },
    onError: (error) => attempt.settled(error),
  });

  useEffect(() => {
    if (confirming) confirmText.current?.focus();
  }, [confirming]);

  if (offered.length === 0) return null;

  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const length = reason.trim().length;
    const found = !action ? 'action' : length < REASON.min ? 'reasonShort' : length > REASON.max ? 'reasonLong' : null;
    setProblem(found);
    if (found) {
      document.getElementById(found === 'action' ? `resolve-${offered[0]}` : 'resolve-reason')?.focus();
      return;
    }
    resolve.reset();
    setConfirming(true);
  };

  const values = {
    reference: payment.reference,
    amount: formatUgx(payment.amount),
    name: payment.user.name,
    phone: localPhone(payment.phone),
    network: t(`payments.method.${payment.method}`),
  };

  if (confirming && action) {
    const busy = resolve.isPending;
    return (
      <div className="space-y-3">
        <p
          ref={confirmText}
          tabIndex={-1}
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
        >
          {action === 'refund'
            ? t('admin.payments.confirmRefund', values)
            : t('admin.payments.confirmMarkFailed', values)}
        </p>
        <p className="text-sm">
          <span className="text-stone-600">{t('admin.payments.reason')}:</span> {reason.trim()}
        </p>
        {resolve.isError && <FormAlert>{errorText(resolve.error)}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setConfirming(false);
              requestAnimationFrame(() => document.getElementById('resolve-reason')?.focus());
            }}
          >
            {t('admin.back')}
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            aria-busy={busy}
            onClick={() => resolve.mutate({ action, reason: reason.trim() })}
          >
            {busy
              ? t('admin.working')
              : action === 'refund'
                ? t('admin.payments.confirmRefundButton')
                : t('admin.payments.confirmMarkFailedButton')}
          </Button>
        </div>
      </div>
    );
  }

  const reasonHint = 'resolve-reason-hint';
  const reasonError = problem === 'reasonShort' || problem === 'reasonLong' ? 'resolve-reason-error' : undefined;
  return (
    <form onSubmit={check} noValidate className="space-y-4">
      <fieldset className="space-y-2" aria-describedby={problem === 'action' ? 'resolve-action-error' : undefined}>
        <legend className="text-sm font-medium">{t('admin.payments.action')}</legend>
        {offered.map((option) => (
          <label
            key={option}
            className="flex min-h-11 items-start gap-3 rounded-lg border border-stone-300 bg-white p-3"
          >
            <input
              type="radio"
              id={`resolve-${option}`}
              name="resolve-action"
              value={option}
              checked={action === option}
              onChange={() => setAction(option)}
              className="mt-1 h-5 w-5 accent-brand-800"
            />
            <span>
              <span className="block font-medium">
                {option === 'refund' ? t('admin.payments.refund') : t('admin.payments.markFailed')}
              </span>
              <span className="block text-sm text-stone-700">
                {option === 'refund' ? t('admin.payments.refundHint', values) : t('admin.payments.markFailedHint')}
              </span>
            </span>
          </label>
        ))}
        {problem === 'action' && (
          <p id="resolve-action-error" className="text-sm font-medium text-red-800">
            {t('admin.payments.chooseAction')}
          </p>
        )}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="resolve-reason" className="block text-sm font-medium">
          {t('admin.payments.reasonLabel')}
        </label>
        <textarea
          id="resolve-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={3}
          maxLength={REASON.max + 100}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={[reasonError, reasonHint].filter(Boolean).join(' ')}
          className={`w-full rounded-lg border bg-white px-3 py-2 text-base ${reasonError ? 'border-red-600' : 'border-stone-300'}`}
        />
        {reasonError && (
          <p id={reasonError} className="text-sm font-medium text-red-800">
            {problem === 'reasonShort' ? t('admin.payments.reasonShort') : t('admin.payments.reasonLong')}
          </p>
        )}
        <p id={reasonHint} className="text-sm text-stone-600">
          {t('admin.payments.reasonHint', { length: reason.trim().length, max: REASON.max })}
        </p>
      </div>
      <Button type="submit">{t('admin.payments.continue')}</Button>
    </form>
  );
}
