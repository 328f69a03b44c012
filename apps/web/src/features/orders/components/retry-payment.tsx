import { defaultNetwork, ugandanMobile } from '@ecogrid/core/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { MobileNumberFields, type MobileNumber } from '@/components/ui/mobile-number-fields.tsx';
import { TopUpLink } from '@/components/ui/pay-with.tsx';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { localPhone } from '@/lib/phone.ts';
import { orderQuery, payOrderAgain, walletQuery, type Order, type OrderPayment } from '../api.ts';
import { useFormats } from '@/lib/formats.ts';

const ID = 'order-pay';
/** The network codes the failure texts know; any other reads as the general one. */
const KNOWN_REASONS = [
  'NOT_ENOUGH_FUNDS',
  'PAYER_NOT_FOUND',
  'APPROVAL_REJECTED',
  'EXPIRED',
  'NOT_ALLOWED',
  'REQUEST_NOT_RECEIVED',
  'INTERNAL_PROCESSING_ERROR',
  'MARKED_FAILED',
  'CANCELLED',
];

/** Why the payment failed, in the customer's language. */
export function useFailureWords(reason: string | null) {
  const { t } = useTranslation();
  return t(`orders.payAgain.why.${reason && KNOWN_REASONS.includes(reason) ? reason : 'other'}`);
}

/**
 * An order whose mobile-money payment failed or expired, kept (its items reserved) until its
 * payment window closes: why it failed, and three ways to pay again — the same number, another
 * number or network, or the wallet. Each try is one attempt with its own Idempotency-Key, kept
 * when a lost answer is tried again; the server refuses a second try while one is pending.
 */
export function RetryPayment({ order, focus = false }: { order: Order; focus?: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const wallet = useQuery(walletQuery);
  const attempt = useAttemptKey();
  const heading = useRef<HTMLHeadingElement>(null);
  const [other, setOther] = useState(false);
  const [number, setNumber] = useState<MobileNumber>(() => ({
    phone: '',
    network: defaultNetwork(order.paymentPhone),
    networkChosen: false,
  }));
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const pay = useMutation({
    mutationFn: payOrderAgain,
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: ({ order: updated }) => {
      attempt.settled();
      queryClient.setQueryData(orderQuery(order.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'mine'] });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
    },
    onError: (error) => attempt.settled(error),
  });
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  const send = (payment: OrderPayment) => {
    if (pay.isPending) return;
    pay.mutate({ id: order.id, payment, key: attempt.keyFor({ id: order.id, payment }) });
  };
  const sameNetwork = (order.paymentMethod === 'wallet' ? 'mtn' : order.paymentMethod) as MobileNumber['network'];
  const submitOther = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = ugandanMobile(number.phone);
    setPhoneError(phone ? undefined : t('wallet.check.phone'));
    if (!phone) {
      document.getElementById(`${ID}-phone`)?.focus();
      return;
    }
    send({ method: number.network, phone });
  };

  const why = useFailureWords(order.paymentFailureReason);
  const amount = formatUgx(order.total);
  const balance = wallet.data?.balance;
  const short = balance !== undefined && balance < order.total;
  const busy = pay.isPending;
  return (
    <section
      aria-labelledby={`${ID}-title`}
      className="space-y-4 rounded-lg border border-red-200 bg-red-50 p-4"
      aria-busy={busy}
    >
      <div role="status" aria-live="polite" className="space-y-2">
        <h2 ref={heading} id={`${ID}-title`} tabIndex={-1} className="text-lg font-semibold text-red-900">
          {t('orders.payAgain.failed', { reason: why })}
        </h2>
        <p>
          {t('orders.payAgain.kept', {
            number: order.number,
            time: order.payBy ? formats.dateTime(order.payBy) : '',
          })}
        </p>
      </div>
      {pay.isError && <FormAlert>{pay.error.message}</FormAlert>}
      <div className="flex flex-col gap-2">
        {order.paymentPhone && (
          <Button
            disabled={busy}
            onClick={() => send({ method: sameNetwork, phone: order.paymentPhone! })}
            className="w-full sm:w-auto"
          >
            {t('orders.payAgain.same', {
              amount,
              phone: localPhone(order.paymentPhone),
              network: t(`payments.method.${sameNetwork}`),
            })}
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={busy || short}
          aria-describedby={short ? `${ID}-short` : undefined}
          onClick={() => send({ method: 'wallet' })}
          className="w-full sm:w-auto"
        >
          {balance === undefined
            ? t('orders.payAgain.wallet', { amount })
            : t('orders.payAgain.walletBalance', { amount, balance: formatUgx(balance) })}
        </Button>
        {short && (
          <div id={`${ID}-short`} className="space-y-1 text-sm text-red-900">
            <p>{t('orders.payAgain.short', { balance: formatUgx(balance), total: amount })}</p>
            <TopUpLink />
          </div>
        )}
        <Button
          variant="ghost"
          aria-expanded={other}
          aria-controls={`${ID}-other`}
          disabled={busy}
          onClick={() => setOther((open) => !open)}
          className="w-full sm:w-auto"
        >
          {t('orders.payAgain.other')}
        </Button>
      </div>
      {other && (
        <form id={`${ID}-other`} onSubmit={submitOther} noValidate className="space-y-3 rounded-lg bg-white p-3">
          <MobileNumberFields
            idPrefix={ID}
            value={number}
            onChange={setNumber}
            errors={{ phone: phoneError }}
            phoneLabel={t('checkout.pay.phone')}
            phoneHint={t('wallet.form.phoneHint')}
            networkLabel={t('wallet.form.network')}
            disabled={busy}
          />
          <Button type="submit" disabled={busy} aria-busy={busy} className="w-full sm:w-auto">
            {t('orders.payAgain.payOther', { amount })}
          </Button>
        </form>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {busy ? t('orders.payAgain.paying') : ''}
      </p>
    </section>
  );
}
