import { useTranslation } from 'react-i18next';
import { RecordCard } from '@/components/admin/record-card.tsx';
import type { AdminPayment } from './api.ts';
import { PaymentStatusBadge } from './payment-status.tsx';

/** One payment in the admin list: its reference (the way in), status, amount, and whose it is. */
export function PaymentCard({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation();
  return (
    <RecordCard
      status={
        <>
          <PaymentStatusBadge status={payment.status} />
          <span className="text-sm text-stone-700">{t(`payments.purpose.${payment.purpose}`)}</span>
        </>
      }
      createdAt={payment.createdAt}
      label={payment.reference}
      to={`/admin/payments/${encodeURIComponent(payment.id)}`}
      amount={payment.amount}
    >
      <p className="text-sm break-words">
        {payment.user.name}
        {payment.user.email && <span className="text-stone-600"> · {payment.user.email}</span>}
      </p>
      <p className="text-sm text-stone-700">
        {t(`payments.method.${payment.method}`)}
        {payment.phone && ` · ${payment.phone}`}
      </p>
    </RecordCard>
  );
}
