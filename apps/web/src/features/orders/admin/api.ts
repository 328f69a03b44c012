import type { DeliveryFeeRule, Order, OrderStatus } from '@ecogrid/core/orders';
import type { AdminAgent } from '@ecogrid/core/agent-admin';
import type { AdminOrder, AdminOrderSummary } from '@ecogrid/core/orders.responses';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';
import { PAGE_SIZE, type Page } from '@/lib/paged-query.ts';

export type { DeliveryFeeRule, Order, OrderStatus } from '@ecogrid/core/orders';

export type { AdminOrder, AdminOrderSummary };

/** The statuses an admin moves an order to (ADMIN_ORDER_MOVES in core); 'paid' comes only from its payment. */
export type OrderMove = Exclude<OrderStatus, 'pending_payment' | 'paid'>;

export type OrderFilters = { status?: OrderStatus | undefined; q: string };

/** Orders change while an admin works on them (payments settle, customers cancel): fresh for 30 s. */
const FRESH_MS = 30_000;

export const adminOrdersQuery = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'orders', filters],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<AdminOrderSummary>>(
        `/api/admin/orders${toSearch({ status: filters.status, q: filters.q || undefined, limit: PAGE_SIZE, cursor: pageParam })}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: FRESH_MS,
    refetchOnMount: true,
    // A new search or filter keeps the last list on screen until its answer comes.
    placeholderData: keepPreviousData,
  });

export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'order', id],
    queryFn: ({ signal }) => apiFetch<AdminOrder>(`/api/admin/orders/${encodeURIComponent(id)}`, { signal }),
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });

/** The store's delivery fee rule, as checkout applies it. */
export const deliveryFeeQuery = queryOptions({
  queryKey: ['admin', 'delivery-fee'],
  queryFn: ({ signal }) =>
    apiFetch<{ deliveryFee: DeliveryFeeRule }>('/api/checkout/options', { signal }).then((body) => body.deliveryFee),
  staleTime: FRESH_MS,
  refetchOnMount: true,
});

const json = (method: 'POST' | 'PUT', body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Moves an order on, or cancels it (a paid order is refunded to the wallet); a note is required to cancel. */
export const moveOrder = ({
  id,
  status,
  note,
  deviceSerial = '',
}: {
  id: string;
  status: OrderMove;
  note: string;
  /** Delivering a credit order: the device handed over (left out: the oldest in stock). */
  deviceSerial?: string;
}) =>
  apiFetch<Order>(
    `/api/admin/orders/${encodeURIComponent(id)}/status`,
    json('POST', { status, ...(note ? { note } : {}), ...(deviceSerial ? { deviceSerial } : {}) }),
  );

export const setDeliveryFee = (rule: DeliveryFeeRule) =>
  apiFetch<DeliveryFeeRule>('/api/admin/store/delivery-fee', json('PUT', rule));

/** Sets the day the order should arrive (or be ready for pickup) and who brings it; the customer is told. */
export const setDeliveryPlan = ({
  id,
  ...plan
}: {
  id: string;
  expectedOn: string;
  courier: { name: string; phone: string } | null;
}) => apiFetch<Order>(`/api/admin/orders/${encodeURIComponent(id)}/delivery-plan`, json('PUT', plan));

/** The approved agents an order paid on delivery may be given to (the first 100, newest first). */
export const approvedAgentsQuery = queryOptions({
  queryKey: ['admin', 'agents', 'approved-for-orders'],
  queryFn: ({ signal }) => apiFetch<Page<AdminAgent>>('/api/admin/agents?status=approved&limit=100', { signal }),
  staleTime: 5 * 60_000,
});

/** Names the agent who brings an order paid on delivery and takes its money. */
export const setCollector = ({ id, agentId }: { id: string; agentId: string }) =>
  apiFetch<Order>(`/api/admin/orders/${encodeURIComponent(id)}/collector`, json('PUT', { agentId }));
