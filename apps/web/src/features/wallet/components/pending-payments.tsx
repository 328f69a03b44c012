import { NETWORK_NAMES } from '@ecogrid/core/payments';
import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';
import type { Payment } from '../api.ts';
import { localPhone } from '../form.ts';
import { useFormats } from '@/lib/formats.ts';

/** Payments still waiting for approval on the phone (asked for earlier, or on another device). */
export function PendingPayments({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (payments.length === 0) return null;
  return (
    <section aria-labelledby="pending-title" className="space-y-2">
      <h2 id="pending-title" className="text-lg font-semibold">
        {t('wallet.pending.title')}
      </h2>
      <ul className="space-y-2">
        {payments.map((payment) => (
          <li key={payment.id} className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold">{t(`payments.purpose.${payment.purpose}`)}</span>
              <span className="font-semibold tabular-nums">{formatUgx(payment.amount)}</span>
            </p>
            <p className="text-sm">
              {payment.method === 'wallet' || payment.method === 'cash'
                ? t('wallet.pending.since', { time: formats.dateTime(payment.createdAt) })
                : t('wallet.pending.sinceOn', {
                    time: formats.dateTime(payment.createdAt),
                    phone: localPhone(payment.phone),
                    network: NETWORK_NAMES[payment.method],
                  })}
            </p>
            {payment.purpose !== 'payout' && payment.method !== 'wallet' && (
              <p className="text-sm">
                {payment.method === 'airtel' ? t('wallet.progress.noPromptAirtel') : t('wallet.progress.noPromptMtn')}
              </p>
            )}
            <p className="text-sm text-stone-700">{t('wallet.reference', { reference: payment.reference })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
