import { useTranslation } from 'react-i18next';
import { RecordCard } from '@/components/admin/record-card.tsx';
import type { AdminOrderSummary } from './api.ts';
import { OrderStatusBadge } from '@/components/ui/order-status.tsx';

/** One order in the admin list: its number (the way in), status, total, items and customer. */
export function OrderCard({ order }: { order: AdminOrderSummary }) {
  const { t } = useTranslation();
  return (
    <RecordCard
      status={<OrderStatusBadge status={order.status} />}
      createdAt={order.createdAt}
      label={order.number}
      to={`/admin/orders/${encodeURIComponent(order.id)}`}
      amount={order.total}
    >
      <p className="text-sm break-words text-stone-700">
        {t('orders.items', { count: order.itemCount, first: order.firstItem })}
      </p>
      <p className="text-sm break-words">
        {order.customer.name}
        {order.customer.phone && <span className="text-stone-600"> · {order.customer.phone}</span>}
      </p>
    </RecordCard>
  );
}
