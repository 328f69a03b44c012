import type { OrderStatus } from '@ecogrid/core/orders';
import { useTranslation } from 'react-i18next';
import { StatusBadge, ORDER_STATUS_TONES } from './badge.tsx';

/** An order's status in the customer's language (ORDER_STATUS_LABELS in core are the English); strings: en.orders.json. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tones={ORDER_STATUS_TONES} status={status}>
      {t(`orders.status.${status}`, { defaultValue: status })}
    </StatusBadge>
  );
}
