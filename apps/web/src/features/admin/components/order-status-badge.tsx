import type { OrderStatus } from '@ecogrid/core/orders';
import { useTranslation } from 'react-i18next';
import { Badge, type Tone } from '@/components/ui/badge.tsx';

const statusTone: Record<OrderStatus, Tone> = {
  pending_payment: 'warn',
  paid: 'info',
  processing: 'info',
  shipped: 'info',
  delivered: 'good',
  completed: 'good',
  cancelled: 'bad',
};

/** An order's status in words (the same words the customer reads). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Badge tone={statusTone[status] ?? 'neutral'}>{t(`orders.status.${status}`, { defaultValue: status })}</Badge>;
}
