import type { SaleQuote, SaleRequest, SaleResult, SaleTermsSent, SalePayment } from '@ecogrid/core/agent-sales';
import type { ProductList } from '@ecogrid/core';
import type { LoanPlan } from '@ecogrid/core/loans';
import type { PickupPoint } from '@ecogrid/core/orders';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';

export type { SaleQuote, SaleRequest, SaleResult, SaleTermsSent, SalePayment } from '@ecogrid/core/agent-sales';
export type { LoanPlan } from '@ecogrid/core/loans';
export type { PickupPoint } from '@ecogrid/core/orders';

/** Products matching what the agent typed: a few, the customer is waiting. */
export const productSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['catalog', 'products', 'agent-search', q],
    queryFn: ({ signal }) => apiFetch<ProductList>(`/api/catalog/products${toSearch({ q, limit: 8 })}`, { signal }),
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
  });

/** The credit plans a product is sold on. */
export const productPlansQuery = (productId: string) =>
  queryOptions({
    queryKey: ['loans', 'plans', productId],
    queryFn: ({ signal }) =>
      apiFetch<{ plans: LoanPlan[] }>(`/api/products/${encodeURIComponent(productId)}/loan-plans`, { signal }),
    staleTime: 5 * 60_000,
  });

/** The open pickup points, as checkout offers them. */
export const pickupPointsQuery = queryOptions({
  queryKey: ['checkout', 'options'],
  queryFn: ({ signal }) => apiFetch<{ pickupPoints: PickupPoint[] }>('/api/checkout/options', { signal }),
  staleTime: 5 * 60_000,
});

const salesPath = (customerId: string) => `/api/agent/customers/${encodeURIComponent(customerId)}/sales`;

const post = <T>(path: string, body: unknown, idempotencyKey?: string) =>
  apiFetch<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
    body: JSON.stringify(body),
  });

export const quoteSale = ({ customerId, request }: { customerId: string; request: SaleRequest }) =>
  post<SaleQuote>(`${salesPath(customerId)}/quote`, request);

export const sendTerms = ({ customerId, request }: { customerId: string; request: SaleRequest }) =>
  post<SaleTermsSent>(`${salesPath(customerId)}/terms`, request);

export type SellRequest = { customerId: string; request: SaleRequest; code: string; payment: SalePayment; key: string };

export const sell = ({ customerId, request, code, payment, key }: SellRequest) =>
  post<SaleResult>(salesPath(customerId), { ...request, code, payment }, key);
