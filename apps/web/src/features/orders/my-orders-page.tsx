import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { LastUpdated, NotAvailableOffline, unavailableOffline } from '@/components/ui/offline-notice.tsx';
import { formatUgx } from '@/lib/money.ts';
import { myOrdersQuery, type OrderSummary } from './api.ts';
import { OrderStatusBadge } from '@/components/ui/order-status.tsx';
import { useFormats } from '@/lib/formats.ts';

function OrderItem({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="font-mono text-base font-semibold">
            <Link to={`/my-orders/${encodeURIComponent(order.id)}`} className="text-brand-800 underline">
              {order.number}
            </Link>
          </h2>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-sm break-words text-stone-700">
          {t('orders.items', { count: order.itemCount, first: order.firstItem })}
        </p>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <time dateTime={order.createdAt} className="text-sm text-stone-700">
            {formats.dateTime(order.createdAt)}
          </time>
          <span className="text-lg font-semibold tabular-nums">{formatUgx(order.total)}</span>
        </div>
      </article>
    </li>
  );
}

/** /my-orders: the customer's orders, newest first, a page at a time. */
export default function MyOrdersPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(myOrdersQuery);
  const orders = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="mx-auto max-w-2xl space-y-4 p-4" aria-labelledby="orders-title">
      <header className="space-y-1">
        <h1 id="orders-title" className="text-2xl font-bold">
          {t('pages.myOrders')}
        </h1>
        <p className="text-sm text-stone-700">{t('orders.timesInKampala')}</p>
      </header>
      <LastUpdated query={query} />
      {unavailableOffline(query) ? (
        <NotAvailableOffline />
      ) : query.isPending ? (
        <SkeletonList label={t('orders.loading')} count={3} />
      ) : query.isError && orders.length === 0 ? (
        <div className="space-y-2">
          <FormAlert>{query.error.message}</FormAlert>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('orders.retry')}
          </Button>
        </div>
      ) : orders.length === 0 ? (
        <div role="status" className="space-y-4 rounded-lg border border-stone-200 bg-white p-6 text-center">
          <p className="text-lg">{t('orders.empty')}</p>
          <Link to="/marketplace" className={buttonClass()}>
            {t('orders.browse')}
          </Link>
        </div>
      ) : (
        <>
          <ul aria-label={t('pages.myOrders')} aria-busy={query.isFetching} className="space-y-3">
            {orders.map((order) => (
              <OrderItem key={order.id} order={order} />
            ))}
          </ul>
          {query.isError && <FormAlert>{query.error.message}</FormAlert>}
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                disabled={query.isFetchingNextPage}
                aria-busy={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? t('orders.loadingMore') : t('orders.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
