import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUgx } from '@/lib/money.ts';
import { useFormats } from '@/lib/formats.ts';
import type { AdminOrder } from './api.ts';
import { deliverToKey } from '@/lib/order-words.ts';
import { Fact } from '@/components/ui/fact.tsx';
import { useActorText } from '@/components/admin/actor.tsx';
import { OrderPaymentFacts } from '../components/order-details.tsx';
import { OrderStatusBadge } from '@/components/ui/order-status.tsx';

const card = 'rounded-lg border border-stone-200 bg-white p-4';

/** Status, total, payment and where the order goes. */
export function OrderSummaryCard({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const point = order.pickupPoint;
  const address = order.address;
  return (
    <div className={`space-y-3 ${card}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <OrderStatusBadge status={order.status} />
        <span className="text-2xl font-bold tabular-nums">{formatUgx(order.total)}</span>
      </div>
      <dl className="space-y-1 text-sm">
        <Fact term={t('admin.orders.placed')}>
          <time dateTime={order.createdAt}>{formats.stamp(order.createdAt)}</time>
        </Fact>
        <OrderPaymentFacts order={order} formatAt={formats.stamp} />
        <Fact term={order.fulfilment === 'pickup' ? t('orders.pickupAt') : t(deliverToKey(order.status))}>
          {point
            ? `${point.name}, ${point.address}, ${point.district}`
            : address
              ? [address.village, address.subCounty, address.district].join(', ')
              : '—'}
          {address?.directions && <span className="block text-stone-700">{address.directions}</span>}
        </Fact>
        {order.loan && (
          <Fact term={t('orders.onLoan')}>
            <Link to={`/admin/loans/${order.loan.id}`} className="font-semibold text-brand-800 underline">
              {t('orders.loanNumber', { number: order.loan.number })}
            </Link>
            <span className="block text-stone-700">
              {t('orders.depositPaid')}: {formatUgx(order.loan.deposit)}
            </span>
          </Fact>
        )}
        {order.cancelReason && <Fact term={t('admin.orders.cancelReason')}>{order.cancelReason}</Fact>}
      </dl>
    </div>
  );
}

/** An order status in the words the customer reads. */
const useStatusText = () => {
  const { t } = useTranslation();
  return (status: unknown) => t(`orders.status.${String(status)}`, { defaultValue: String(status) });
};

/** What admins did to the order: the status it moved from and to, who (by name and role), when and why. */
export function OrderAuditList({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const by = useActorText();
  const status = useStatusText();
  if (order.audit.length === 0) return <p className="text-stone-700">{t('admin.orders.noAudit')}</p>;
  return (
    <ul className="space-y-3">
      {order.audit.map((entry) => {
        const from = entry.details.from;
        const to = entry.action === 'order.cancel' ? 'cancelled' : entry.details.to;
        return (
          <li key={entry.id} className="space-y-1 rounded-lg border border-stone-200 bg-white p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">
                {from !== undefined && to !== undefined
                  ? t('admin.audit.status', { from: status(from), to: status(to) })
                  : t(`admin.orders.actions.${entry.action}`, { defaultValue: entry.action })}
              </span>
              <time dateTime={entry.createdAt} className="text-sm text-stone-700">
                {formats.stamp(entry.createdAt)}
              </time>
            </div>
            <p className="text-sm text-stone-700">{by(entry.actor)}</p>
            {typeof entry.details.deviceSerial === 'string' && (
              <p className="text-sm">
                <span className="text-stone-600">{t('admin.audit.device')}:</span>{' '}
                <span className="font-mono">{entry.details.deviceSerial}</span>
              </p>
            )}
            {entry.reason && (
              <p className="text-sm break-words">
                <span className="text-stone-600">{t('admin.audit.reason')}:</span> {entry.reason}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
