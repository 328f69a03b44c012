import type { Actor, AuditEntry } from '@ecogrid/core/audit';
import type { Payment, PaymentMethod, PaymentPurpose, PaymentStatus } from '@ecogrid/core/payments';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS, pages } from '@/lib/paged-query.ts';

export type { Payment, PaymentMethod, PaymentPurpose, PaymentStatus } from '@ecogrid/core/payments';

/** A payment with the account it belongs to, as the admin payment list shows it. */
export type AdminPayment = Payment & {
  user: { id: string; name: string; email: string | null; phone: string | null };
};

/** One thing that happened to a payment: asked, the network's answers, an admin's decision. */
export type PaymentEvent = {
  id: string;
  kind: string;
  status: string;
  detail: Record<string, unknown>;
  actorId: string | null;
  /** Who acted; null when the system or the network did. */
  actor: Actor | null;
  createdAt: string;
};

/** A journal transaction the payment caused; its postings sum to zero. */
export type JournalEntry = {
  id: string;
  kind: string;
  description: string;
  createdAt: string;
  postings: { account: string; amount: number; balanceAfter: number }[];
};

export type PaymentAudit = AuditEntry;

export type PaymentDetail = {
  payment: AdminPayment;
  events: PaymentEvent[];
  journal: JournalEntry[];
  audit: PaymentAudit[];
  /** What the server allows for this payment now. */
  actions: { markFailed: boolean; refund: boolean };
};

export type PaymentFilters = {
  status?: PaymentStatus | undefined;
  purpose?: PaymentPurpose | undefined;
  method?: PaymentMethod | undefined;
  q: string;
};

export const paymentsQuery = (filters: PaymentFilters) =>
  pages<AdminPayment>(['admin', 'payments', filters], '/api/admin/payments', {
    status: filters.status,
    purpose: filters.purpose,
    method: filters.method,
    q: filters.q || undefined,
  });

export const paymentQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'payment', id],
    queryFn: ({ signal }) => apiFetch<PaymentDetail>(`/api/admin/payments/${encodeURIComponent(id)}`, { signal }),
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });

export type Resolution = { action: 'mark_failed' | 'refund'; reason: string };

/** Closes a stuck payment as failed, or refunds it to the wallet; the key makes a retried request apply once. */
export const resolvePayment = (id: string, resolution: Resolution, idempotencyKey: string) =>
  apiFetch<{ payment: AdminPayment; refund: Payment | null }>(`/api/admin/payments/${encodeURIComponent(id)}/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(resolution),
  });
