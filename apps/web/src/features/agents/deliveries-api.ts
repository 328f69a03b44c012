import type { AgentDelivery, AgentDeliveryPage, DeliveryPrompt } from '@ecogrid/core/deliveries';
import type { Order } from '@ecogrid/core/orders';
import type { Payment } from '@ecogrid/core/payments';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

export type { AgentDelivery } from '@ecogrid/core/deliveries';

// The key starts with 'orders': a live 'order' event (its money in) refetches it, and the phone keeps it offline.
/** The orders paid on delivery the agent brings and has not handed over yet, newest first. */
export const agentDeliveriesQuery = queryOptions({
  queryKey: ['orders', 'agent-deliveries'],
  queryFn: ({ signal }) => apiFetch<AgentDeliveryPage>('/api/agent/deliveries?limit=100', { signal }),
  staleTime: 30_000,
  refetchOnMount: true,
  meta: { keepOffline: true },
});

const post = <T>(path: string, body: unknown, key?: string) =>
  apiFetch<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });

/** The goods given to the customer, the money in: the order becomes delivered. */
export const handOverDelivery = (delivery: AgentDelivery) =>
  post<Order>(`/api/agent/deliveries/${encodeURIComponent(delivery.id)}/handover`, {});

/** A mobile-money prompt to the customer's phone for the order's total, on the spot. */
export const promptDeliveryPayment = ({ id, prompt, key }: { id: string; prompt: DeliveryPrompt; key: string }) =>
  post<{ order: Order; payment: Payment }>(
    `/api/agent/deliveries/${encodeURIComponent(id)}/payment-prompt`,
    prompt,
    key,
  );
