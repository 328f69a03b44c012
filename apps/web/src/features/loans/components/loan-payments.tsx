import { useTranslation } from 'react-i18next';
import { StatusBadge, PAYMENT_STATUS_TONES } from '@/components/ui/badge.tsx';
import { formatUgx } from '@/lib/money.ts';
import type { LoanPayment } from '../api.ts';
import { useFormats } from '@/lib/formats.ts';

/** The deposit and repayments made on the loan, newest first, each with its status and reference. */
export function LoanPayments({ payments }: { payments: LoanPayment[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (payments.length === 0) return <p className="text-stone-700">{t('loans.payments.none')}</p>;
  return (
    <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white">
      {payments.map((payment) => (
        <li key={payment.id} className="space-y-1 p-3">
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium">
              {t(`loans.payments.kind.${payment.kind}`)} ·{' '}
              {t(`payments.method.${payment.method}`, { defaultValue: payment.method })}
            </span>
            <span className="font-semibold tabular-nums">{formatUgx(payment.amount)}</span>
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
            <StatusBadge tones={PAYMENT_STATUS_TONES} status={payment.status}>
              {t(`payments.status.${payment.status}`, { defaultValue: payment.status })}
            </StatusBadge>
            <time dateTime={payment.createdAt}>{formats.dateTime(payment.createdAt)}</time>
            <span>{t('wallet.reference', { reference: payment.reference })}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
