import { useTranslation } from 'react-i18next';
import { StatusBadge, PAYMENT_STATUS_TONES } from '@/components/ui/badge.tsx';

/** A payment's status in words; a status this version does not know is shown as the server wrote it. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tones={PAYMENT_STATUS_TONES} status={status}>
      {t(`payments.status.${status}`, { defaultValue: status })}
    </StatusBadge>
  );
}
