import { DELIVERY_PLAN_STATUSES } from '@ecogrid/core/orders';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Fact } from '@/components/ui/fact.tsx';
import { formatUgx } from '@/lib/money.ts';
import type { Order } from '../api.ts';
import { useFormats } from '@/lib/formats.ts';
import { deliverToKey, paidWithKey } from '@/lib/order-words.ts';
import { OrderStatusBadge } from '@/components/ui/order-status.tsx';

const card = 'rounded-lg border border-stone-200 bg-white p-4';

/**
 * The lines as ordered (prices copied at the time), each with its VAT class (and its SKU, for
 * admins), and the totals with the VAT inside them.
 */
export function OrderLines({ order, withSku = false }: { order: Order; withSku?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`space-y-3 ${card}`}>
      <ul className="divide-y divide-stone-100">
        {order.lines.map((line) => (
          <li key={line.productId} className="space-y-0.5 py-2 first:pt-0">
            <p className="flex items-baseline justify-between gap-2">
              <span className="min-w-0 font-medium break-words">{line.name}</span>
              <span className="font-semibold whitespace-nowrap tabular-nums">{formatUgx(line.lineTotal)}</span>
            </p>
            <p className="text-sm text-stone-700">
              {withSku && (
                <>
                  <span className="font-mono">{line.sku}</span>
                  {' · '}
                </>
              )}
              {t('orders.lineQuantity', { quantity: line.quantity, price: formatUgx(line.unitPrice) })}
              {' · '}
              {t(`orders.taxClass.${line.taxClass}`)}
            </p>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between gap-2">
          <dt>{t('orders.subtotal')}</dt>
          <dd className="tabular-nums">{formatUgx(order.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>{t('orders.deliveryFee')}</dt>
          <dd className="tabular-nums">{order.deliveryFee === 0 ? t('orders.free') : formatUgx(order.deliveryFee)}</dd>
        </div>
        <div className="flex justify-between gap-2 text-base font-semibold">
          <dt>{t('orders.total')}</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {formatUgx(order.total)}
          </dd>
        </div>
        <div className="flex justify-between gap-2 text-stone-700">
          <dt>{t('orders.vatIncluded')}</dt>
          <dd className="tabular-nums">{formatUgx(order.vat)}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * The payment's facts for a list of facts (`dl`): the method, the payment's status, the reference
 * to quote and when it was paid.
 */
export function OrderPaymentFacts({
  order,
  formatAt,
}: {
  order: Order;
  /** How a moment reads; the customer's short time unless a page needs its own (admins read seconds). */
  formatAt?: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const at = formatAt ?? formats.dateTime;
  return (
    <>
      <Fact term={t(paidWithKey(order))}>{t(`payments.method.${order.paymentMethod}`)}</Fact>
      {order.paymentStatus && (
        <Fact term={t('orders.paymentStatus')}>
          {t(`payments.status.${order.paymentStatus}`, { defaultValue: order.paymentStatus })}
        </Fact>
      )}
      {order.paymentReference && (
        <Fact term={t('orders.reference')}>
          <span className="font-mono">{order.paymentReference}</span>
        </Fact>
      )}
      {order.paidAt && (
        <Fact term={t('orders.paidAt')}>
          <time dateTime={order.paidAt}>{at(order.paidAt)}</time>
        </Fact>
      )}
      <CashDue order={order} at={at} />
    </>
  );
}

/**
 * A sale an agent made for the customer, paid in cash to them, while it waits for the cash: to
 * whom, how much and by when (then it is cancelled), with a call link to the agent.
 */
function CashDue({ order, at }: { order: Order; at: (iso: string) => string }) {
  const { t } = useTranslation();
  if (order.payOnDelivery) return <PayOnDeliveryDue order={order} at={at} />;
  const agent = order.soldBy;
  if (order.status !== 'pending_payment' || order.paymentMethod !== 'cash' || !agent || !order.payBy) return null;
  return (
    <Fact term={t('orders.cashDueTerm')}>
      {t('orders.cashDue', { amount: formatUgx(order.total), agent: agent.name, time: at(order.payBy) })}
      {agent.phone && (
        <a href={`tel:${agent.phone}`} className="mt-1 block font-semibold text-brand-800 underline">
          {t('orders.callAgent', { agent: agent.name })}
        </a>
      )}
    </Fact>
  );
}

/**
 * An order paid on delivery (or at pickup) while it waits for its money: how much, in cash or by
 * mobile money, to whom (or that EcoGrid will name who brings it), by when, with a call link.
 */
function PayOnDeliveryDue({ order, at }: { order: Order; at: (iso: string) => string }) {
  const { t } = useTranslation();
  const collector = order.payOnDelivery?.collector ?? null;
  if (order.status !== 'pending_payment' || !order.payBy) return null;
  const pickup = order.fulfilment === 'pickup';
  const values = { amount: formatUgx(order.total), time: at(order.payBy) };
  return (
    <Fact term={t(pickup ? 'orders.payAtPickupTerm' : 'orders.payOnDeliveryTerm')}>
      {collector
        ? t('orders.payOnDeliveryTo', { ...values, agent: collector.name })
        : t('orders.payOnDeliveryNobodyYet', values)}
      {collector?.phone && (
        <a href={`tel:${collector.phone}`} className="mt-1 block font-semibold text-brand-800 underline">
          {t('orders.callAgent', { agent: collector.name })}
        </a>
      )}
    </Fact>
  );
}

/** How the order is paid: the payment's facts, and the loan it is bought on. */
export function PaymentFacts({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <dl className={`space-y-1 text-sm ${card}`}>
      <OrderPaymentFacts order={order} />
      {order.loan && (
        <>
          <Fact term={t('orders.onLoan')}>
            <Link to={`/customer/loan/${order.loan.id}`} className="font-semibold text-brand-800 underline">
              {t('orders.loanNumber', { number: order.loan.number })}
            </Link>
            <span className="block text-stone-700">
              {t('orders.owedOnLoan', { amount: formatUgx(order.total - order.loan.deposit) })}
            </span>
          </Fact>
          <Fact term={t('orders.depositPaid')}>{formatUgx(order.loan.deposit)}</Fact>
        </>
      )}
    </dl>
  );
}

/** When a paid order not yet handed over should arrive (or be ready), and who brings it, with a call link. */
function DeliveryPlan({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { day } = useFormats();
  const waitsForHandover = order.payOnDelivery !== null && order.status === 'pending_payment';
  if (!order.expectedOn || (!DELIVERY_PLAN_STATUSES.includes(order.status) && !waitsForHandover)) return null;
  const pickup = order.fulfilment === 'pickup';
  return (
    <>
      <p className="font-semibold">
        {t(pickup ? 'orders.readyOn' : 'orders.expectedOn', { day: day(order.expectedOn) })}
      </p>
      {order.courier && (
        <p>
          {t('orders.courier', { name: order.courier.name })}{' '}
          <a href={`tel:${order.courier.phone}`} className="font-semibold text-brand-800 underline">
            {t('orders.callCourier', { name: order.courier.name, phone: order.courier.phone })}
          </a>
        </p>
      )}
    </>
  );
}

/** Where the order goes: the delivery address, or the pickup point with its phone; when, and who brings it. */
export function DeliveryFacts({ order }: { order: Order }) {
  const { t } = useTranslation();
  if (order.fulfilment === 'pickup') {
    const point = order.pickupPoint;
    return (
      <div className={`space-y-1 text-sm ${card}`}>
        <p className="font-medium">{t('orders.pickupAt')}</p>
        {point && (
          <>
            <p className="font-semibold">{point.name}</p>
            <p>
              {point.address}, {point.district}
            </p>
            {point.phone && <p>{t('orders.phone', { phone: point.phone })}</p>}
          </>
        )}
        <DeliveryPlan order={order} />
      </div>
    );
  }
  const address = order.address;
  return (
    <div className={`space-y-1 text-sm ${card}`}>
      <p className="font-medium">{t(deliverToKey(order.status))}</p>
      {address && (
        <>
          <p>{[address.village, address.subCounty, address.district].join(', ')}</p>
          {address.directions && <p className="text-stone-700">{address.directions}</p>}
        </>
      )}
      <DeliveryPlan order={order} />
    </div>
  );
}

/** What happened to the order, oldest first, in Kampala time. */
export function OrderTimeline({
  timeline,
  formatAt,
}: {
  timeline: Order['timeline'];
  /** How a moment reads; the customer's short time unless a page needs its own (admins read seconds). */
  formatAt?: (iso: string) => string;
}) {
  const formats = useFormats();
  const at = formatAt ?? formats.dateTime;
  return (
    <ol className="space-y-3 border-l-2 border-stone-300 pl-4">
      {timeline.map((event, i) => (
        <li key={`${event.at}-${i}`} className="relative space-y-1 rounded-lg border border-stone-200 bg-white p-3">
          <span aria-hidden="true" className="absolute top-4 -left-[1.4rem] h-3 w-3 rounded-full bg-brand-700" />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <OrderStatusBadge status={event.status} />
            <time dateTime={event.at} className="text-sm text-stone-700">
              {at(event.at)}
            </time>
          </div>
          {event.note && <p className="text-sm">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
