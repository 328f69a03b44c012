import type { Cart, Checkout, Order, OrderPayment, OrderStatus } from '@ecogrid/core/orders';
import type { CheckoutOptions, OrderPage } from '@ecogrid/core/orders.responses';
import type { Payment } from '@ecogrid/core/payments';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';

export type { Cart, Checkout, Order, OrderPayment, OrderStatus, OrderSummary, PickupPoint } from '@ecogrid/core/orders';
export type { Payment } from '@ecogrid/core/payments';
export type { Wallet } from '@ecogrid/core/wallet.responses';

export type { CheckoutOptions, OrderPage };
export type PlacedOrder = { order: Order; payment: Payment | null };

/** Twenty orders fill a few phone screens without a long wait on 3G. */
export const ORDERS_PAGE_SIZE = 20;
/** An order waiting for its mobile-money payment is asked for this often, in case a live update is missed. */
export const POLL_MS = 5_000;

/**
 * What the customer may still cancel: ORDER_TRANSITIONS in core lets pending_payment and paid go
 * to cancelled. Kept here as a list because core's orders module brings zod to the order pages
 * (a test checks the two agree).
 */
export const CANCELLABLE: readonly OrderStatus[] = ['pending_payment', 'paid'];

// The cart and the wallet as checkout reads them: the same keys as the cart's and the wallet's
// own queries (features do not import each other), so each is one cache entry, kept fresh by the
// same live updates. Checkout always asks again: stock, prices and the balance change.
export const checkoutCartQuery = queryOptions({
  queryKey: ['cart'],
  queryFn: ({ signal }) => apiFetch<Cart>('/api/cart', { signal }),
  staleTime: 0,
  refetchOnMount: true,
});

export { payingWalletQuery as walletQuery } from '@/lib/shared-queries.ts';

export const checkoutOptionsQuery = queryOptions({
  queryKey: ['checkout', 'options'],
  queryFn: ({ signal }) => apiFetch<CheckoutOptions>('/api/checkout/options', { signal }),
  staleTime: 60_000,
  refetchOnMount: true,
});

// Every order key starts with 'orders': a live 'order' event refetches them all.
export const myOrdersQuery = infiniteQueryOptions({
  queryKey: ['orders', 'mine'],
  queryFn: ({ pageParam, signal }) =>
    apiFetch<OrderPage>(`/api/orders${toSearch({ limit: ORDERS_PAGE_SIZE, cursor: pageParam })}`, { signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  staleTime: 30_000,
  refetchOnMount: true,
});

/** True while the order's mobile-money payment waits for the customer's approval on the phone. */
export const paymentPending = (order: Order | undefined) =>
  order?.status === 'pending_payment' && order.paymentStatus === 'pending';

/** One of the customer's orders; asked again every 5 s while its payment waits for approval. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'one', id],
    queryFn: ({ signal }) => apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
    staleTime: 30_000,
    refetchOnMount: true,
    refetchInterval: (query) => (paymentPending(query.state.data) ? POLL_MS : false),
  });

const post = <T>(path: string, body: unknown, idempotencyKey?: string) =>
  apiFetch<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
    body: JSON.stringify(body),
  });

/** Places the order for the cart's cash lines; the key makes a retried attempt place it once. */
export const placeOrder = ({ checkout, key }: { checkout: Checkout; key: string }) =>
  post<PlacedOrder>('/api/orders', checkout, key);

export const cancelOrder = ({ id, reason }: { id: string; reason: string }) =>
  post<Order>(`/api/orders/${encodeURIComponent(id)}/cancel`, reason ? { reason } : {});

/** Another try at paying an order whose payment failed: the wallet, or MTN / Airtel from a number. */
export const payOrderAgain = ({ id, payment, key }: { id: string; payment: OrderPayment; key: string }) =>
  post<{ order: Order; payment: Payment }>(`/api/orders/${encodeURIComponent(id)}/payments`, payment, key);

/** The PDF receipt of a paid order: a plain link, so the browser downloads it. */
export const receiptUrl = (id: string) => `/api/orders/${encodeURIComponent(id)}/receipt`;
