import type { PaymentStatus } from '@ecogrid/core/payments';
import { useTranslation } from 'react-i18next';
import { Badge, type Tone } from '@/components/ui/badge.tsx';

const statusTone: Record<PaymentStatus, Tone> = {
  pending: 'warn',
  successful: 'good',
  failed: 'bad',
  expired: 'neutral',
  cancelled: 'neutral',
};

/** A payment's status in words; a status this version does not know is shown as the server wrote it. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={statusTone[status as PaymentStatus] ?? 'neutral'}>
      {t(`payments.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
