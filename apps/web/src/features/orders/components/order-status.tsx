import { useTranslation } from 'react-i18next';
import { Badge, type Tone } from '@/components/ui/badge.tsx';
import type { OrderStatus } from '../api.ts';

const tones: Record<OrderStatus, Tone> = {
  pending_payment: 'warn',
  paid: 'info',
  processing: 'info',
  shipped: 'info',
  delivered: 'good',
  completed: 'good',
  cancelled: 'bad',
};

/** An order's status in the customer's language (ORDER_STATUS_LABELS in core are the English). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status] ?? 'neutral'}>{t(`orders.status.${status}`, { defaultValue: status })}</Badge>;
}
