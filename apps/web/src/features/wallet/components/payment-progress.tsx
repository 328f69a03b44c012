import { failureMessage, NETWORK_NAMES, type PaymentMethod } from '@ecogrid/core/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { WaitingBar } from '@/components/ui/phone-approval.tsx';
import { formatUgx } from '@/lib/money.ts';
import { paymentQuery, statementQuery, walletQuery, type Payment } from '../api.ts';
import { localPhone } from '../form.ts';
import { useFormats } from '@/lib/formats.ts';

const networkName = (method: PaymentMethod) => (method === 'wallet' || method === 'cash' ? '' : NETWORK_NAMES[method]);

/** While waiting: what the customer does on the phone, and the USSD code when no prompt comes. */
function Waiting({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const topUp = payment.purpose !== 'payout';
  const values = {
    amount: formatUgx(payment.amount),
    phone: localPhone(payment.phone),
    network: networkName(payment.method),
  };
  return (
    <>
      <WaitingBar />
      <p>{topUp ? t('wallet.progress.approve', values) : t('wallet.progress.sending', values)}</p>
      {topUp && (
        <p className="rounded-lg bg-white p-3 text-sm">
          {payment.method === 'airtel' ? t('wallet.progress.noPromptAirtel') : t('wallet.progress.noPromptMtn')}
        </p>
      )}
      {payment.expiresAt && topUp && (
        <p className="text-sm">{t('wallet.progress.expires', { time: formats.time(payment.expiresAt) })}</p>
      )}
      <p className="text-sm">{t('wallet.progress.keepOpen')}</p>
    </>
  );
}

type Props = { payment: Payment; onAgain: (settled: Payment) => void };

/**
 * A payment the customer has just asked for, until the network settles it. It learns the
 * outcome from the live update (which refetches every 'payments' query) or, failing that,
 * by asking every 5 s; then it says what happened, with the new balance, and moves focus there.
 */
export function PaymentProgress({ payment: started, onAgain }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(paymentQuery(started));
  const payment = query.data;
  const wallet = useQuery(walletQuery);
  const heading = useRef<HTMLHeadingElement>(null);
  const pending = payment.status === 'pending';
  const succeeded = payment.status === 'successful';
  const topUp = payment.purpose !== 'payout';

  // The form this replaced had focus: keep keyboard and screen-reader users here, and bring
  // them to the outcome when it comes.
  useEffect(() => heading.current?.focus(), [pending]);

  // The balance and statement change when a payment settles; the live update may have
  // refreshed them already, else (found by polling) they are asked for now.
  const settledAt = pending ? 0 : query.dataUpdatedAt;
  const walletUpdatedAt = wallet.dataUpdatedAt;
  const walletFetching = wallet.isFetching;
  useEffect(() => {
    if (!settledAt || walletFetching || walletUpdatedAt >= settledAt) return;
    void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: statementQuery.queryKey });
  }, [settledAt, walletUpdatedAt, walletFetching, queryClient]);
  const balanceReady = !pending && !wallet.isFetching && wallet.dataUpdatedAt >= settledAt && wallet.data;

  const values = {
    amount: formatUgx(payment.amount),
    phone: localPhone(payment.phone),
    network: networkName(payment.method),
  };
  const failure =
    payment.failureMessage ??
    failureMessage(payment.failureReason) ??
    t(`wallet.progress.why.${payment.status}`, { defaultValue: t('wallet.progress.why.failed') });
  const tone = pending
    ? 'border-amber-300 bg-amber-50'
    : succeeded
      ? 'border-brand-100 bg-brand-50'
      : 'border-red-200 bg-red-50';

  return (
    <div className={`space-y-3 rounded-lg border p-4 ${tone}`} aria-busy={pending}>
      <div role="status" aria-live="polite" className="space-y-2">
        <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold">
          {pending
            ? topUp
              ? t('wallet.progress.waitingTopUp')
              : t('wallet.progress.waitingPayout')
            : succeeded
              ? topUp
                ? t('wallet.progress.toppedUp')
                : t('wallet.progress.paidOut')
              : topUp
                ? t('wallet.progress.topUpFailed')
                : t('wallet.progress.payoutFailed')}
        </h3>
        {!pending && (
          <p>
            {succeeded
              ? topUp
                ? t('wallet.progress.addedBody', values)
                : t('wallet.progress.sentBody', values)
              : topUp
                ? t('wallet.progress.noMoneyTaken', { reason: failure })
                : t('wallet.progress.moneyBack', { reason: failure })}
          </p>
        )}
        {!pending && (
          <p className="font-medium">
            {balanceReady
              ? t('wallet.progress.balanceNow', { balance: formatUgx(wallet.data.balance) })
              : t('wallet.progress.updatingBalance')}
          </p>
        )}
      </div>
      {pending && <Waiting payment={payment} />}
      <p className="text-sm text-stone-700">{t('wallet.reference', { reference: payment.reference })}</p>
      {!pending && (
        <Button variant={succeeded ? 'secondary' : 'primary'} onClick={() => onAgain(payment)}>
          {succeeded
            ? topUp
              ? t('wallet.progress.topUpAgain')
              : t('wallet.progress.withdrawAgain')
            : t('wallet.progress.tryAgain')}
        </Button>
      )}
    </div>
  );
}
