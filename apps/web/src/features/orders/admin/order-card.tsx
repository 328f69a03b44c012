import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUgx } from '@/lib/money.ts';
import { useFormats } from '@/lib/formats.ts';
import type { AdminOrderSummary } from './api.ts';
import { OrderStatusBadge } from '../components/order-status.tsx';

/** One order in the admin list: its number (the way in), status, total, items and customer. */
export function OrderCard({ order }: { order: AdminOrderSummary }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <time dateTime={order.createdAt} className="ml-auto text-sm text-stone-700">
            {formats.stamp(order.createdAt)}
          </time>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={titleId} className="font-mono text-base font-semibold">
            <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className="text-brand-800 underline">
              {order.number}
            </Link>
          </h2>
          <span className="text-lg font-semibold tabular-nums">{formatUgx(order.total)}</span>
        </div>
        <p className="text-sm break-words text-stone-700">
          {t('orders.items', { count: order.itemCount, first: order.firstItem })}
        </p>
        <p className="text-sm break-words">
          {order.customer.name}
          {order.customer.phone && <span className="text-stone-600"> · {order.customer.phone}</span>}
        </p>
      </article>
    </li>
  );
}
