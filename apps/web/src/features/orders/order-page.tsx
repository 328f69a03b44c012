import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { BackLink } from '@/components/ui/back-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import {
  failedForGood,
  LastUpdated,
  NotAvailableOffline,
  unavailableOffline,
} from '@/components/ui/offline-notice.tsx';
import { Part } from '@/components/ui/part.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { DownloadLink } from '@/components/ui/download-link.tsx';
import { CANCELLABLE, orderQuery, paymentPending, receiptUrl, type Order } from './api.ts';
import { CancelOrder } from './components/cancel-order.tsx';
import { DeliveryFacts, OrderLines, OrderTimeline, PaymentFacts } from './components/order-details.tsx';
import { OrderStatusBadge } from '@/components/ui/order-status.tsx';
import { PaymentWaiting } from './components/payment-waiting.tsx';
import { RetryPayment } from './components/retry-payment.tsx';
import { useFormats } from '@/lib/formats.ts';

/** The state checkout leaves when it brings the customer here. */
export type OrderPageState = { placed?: boolean; onDelivery?: boolean } | null;

function Actions({ order, onCancelled }: { order: Order; onCancelled: () => void }) {
  const { t } = useTranslation();
  const receipt = order.paidAt !== null;
  // A credit order's price is owed on its loan: it is not cancelled from here (the server refuses too).
  const cancellable = CANCELLABLE.includes(order.status) && !order.loan;
  if (!receipt && !cancellable) return null;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      {receipt && <DownloadLink href={receiptUrl(order.id)}>{t('orders.receipt')}</DownloadLink>}
      {cancellable && <CancelOrder order={order} onCancelled={onCancelled} />}
    </div>
  );
}

function Details({ order, onCancelled }: { order: Order; onCancelled: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {paymentPending(order) && <PaymentWaiting order={order} />}
      {order.status === 'pending_payment' && order.paymentFailureReason && <RetryPayment order={order} />}
      {order.status === 'cancelled' && order.cancelReason && (
        <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          {t('orders.cancelledBecause', { reason: order.cancelReason })}
        </p>
      )}
      <Actions order={order} onCancelled={onCancelled} />
      <Part id="items-title" title={t('orders.itemsTitle')}>
        <OrderLines order={order} />
      </Part>
      <div className="grid gap-5 md:grid-cols-2 md:gap-3">
        <Part id="payment-title" title={t('orders.paymentTitle')}>
          <PaymentFacts order={order} />
        </Part>
        <Part
          id="delivery-title"
          title={order.fulfilment === 'pickup' ? t('orders.pickupTitle') : t('orders.deliveryTitle')}
        >
          <DeliveryFacts order={order} />
        </Part>
      </div>
      <Part id="timeline-title" title={t('orders.timelineTitle')}>
        <p className="text-sm text-stone-700">{t('orders.timesInKampala')}</p>
        <OrderTimeline timeline={order.timeline} />
      </Part>
    </>
  );
}

/**
 * /my-orders/:id: one order — its status and timeline, the items with their VAT, the payment,
 * where it goes, the receipt once paid, and cancelling while that is still allowed. An order
 * waiting for mobile money is asked for every 5 s, and refreshed by the live 'order' event; one
 * whose payment failed offers to pay again while it is kept.
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const formats = useFormats();
  const query = useQuery(orderQuery(id));
  const [announcement, setAnnouncement] = useState(() =>
    (location.state as OrderPageState)?.placed
      ? t((location.state as OrderPageState)?.onDelivery ? 'orders.placedOnDelivery' : 'orders.placed')
      : '',
  );
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (announcement && query.data) status.current?.focus();
  }, [announcement, query.data]);

  const order = query.data;
  return (
    <section className="mx-auto max-w-2xl space-y-5 p-4" aria-labelledby="order-title">
      <header className="space-y-2">
        <BackLink to="/my-orders">{t('orders.backToList')}</BackLink>
        <h1 id="order-title" className="text-2xl font-bold">
          {order ? t('orders.title', { number: order.number }) : t('orders.one')}
        </h1>
        {order && (
          <div className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
            <OrderStatusBadge status={order.status} />
            <span>{t('orders.placedOn', { date: formats.dateTime(order.createdAt) })}</span>
          </div>
        )}
      </header>
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className={announcement ? 'rounded-lg border border-brand-100 bg-brand-50 p-3 text-brand-900' : 'sr-only'}
      >
        {announcement}
      </p>
      <LastUpdated query={query} />
      {unavailableOffline(query) ? (
        <NotAvailableOffline />
      ) : query.isPending ? (
        <SkeletonList label={t('orders.loadingOne')} count={3} />
      ) : failedForGood(query) || query.data === undefined ? (
        <div className="space-y-2">
          <FormAlert>
            {query.error instanceof ApiError && query.error.status === 404
              ? t('orders.notFound')
              : query.error?.message}
          </FormAlert>
          {!(query.error instanceof ApiError && query.error.status < 500 && query.error.status > 0) && (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('orders.retry')}
            </Button>
          )}
        </div>
      ) : (
        <Details order={query.data} onCancelled={() => setAnnouncement(t('orders.cancel.done'))} />
      )}
    </section>
  );
}
