import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { orderQuery, paymentPending, type Order } from '../api.ts';
import { PaymentWaiting } from './payment-waiting.tsx';
import { RetryPayment } from './retry-payment.tsx';

/**
 * After checkout by mobile money: waits for the customer to approve on the phone (the live
 * 'order' event refetches the order; failing that it is asked for every 5 s), then says how it
 * ended, with the way to the order; a failed payment can be tried again while the order is kept. Focus follows, so a screen reader hears each step.
 */
export function OrderPlaced({ placed }: { placed: Order }) {
  const { t } = useTranslation();
  const query = useQuery({ ...orderQuery(placed.id), initialData: placed });
  const order = query.data;
  const heading = useRef<HTMLHeadingElement>(null);
  const waiting = paymentPending(order);
  const retry = order.status === 'pending_payment' && !waiting;
  useEffect(() => {
    if (!waiting && !retry) heading.current?.focus();
  }, [waiting, retry]);
  if (waiting) return <PaymentWaiting order={order} focus />;
  if (retry) return <RetryPayment order={order} focus />;
  const cancelled = order.status === 'cancelled';
  const orderLink = `/my-orders/${encodeURIComponent(order.id)}`;
  return (
    <div
      className={`space-y-3 rounded-lg border p-4 ${cancelled ? 'border-red-200 bg-red-50' : 'border-brand-100 bg-brand-50'}`}
    >
      <div role="status" aria-live="polite" className="space-y-2">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold">
          {cancelled ? t('checkout.result.failedTitle') : t('checkout.result.paidTitle')}
        </h2>
        {cancelled && order.cancelReason && <p>{order.cancelReason}</p>}
        <p>
          {cancelled
            ? t('checkout.result.failedBody', { number: order.number })
            : t('checkout.result.paidBody', { number: order.number })}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={orderLink} className={buttonClass(cancelled ? 'secondary' : 'primary')}>
          {t('checkout.result.viewOrder', { number: order.number })}
        </Link>
        {cancelled && (
          <Link to="/marketplace" className={buttonClass('ghost')}>
            {t('checkout.result.shop')}
          </Link>
        )}
      </div>
    </div>
  );
}
