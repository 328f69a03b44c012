import type { AuditEntry } from '@ecogrid/core/audit';
import type { PaymentMethod, PaymentPurpose, PaymentStatus } from '@ecogrid/core/payments';
import type { AdminPayment, PaymentDetail, PaymentResolved } from '@ecogrid/core/payments.responses';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS, pages } from '@/lib/paged-query.ts';

export type { Payment, PaymentMethod, PaymentPurpose, PaymentStatus } from '@ecogrid/core/payments';

export type { AdminPayment, JournalEntry, PaymentDetail, PaymentEvent } from '@ecogrid/core/payments.responses';
export type PaymentAudit = AuditEntry;

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

/**
 * Closes a stuck payment as failed, or refunds it to the wallet; the key makes a retried request apply once.
 * A refund above the four-eyes amount answers with an approval that waits for a second staff member.
 */
export const resolvePayment = (id: string, resolution: Resolution, idempotencyKey: string) =>
  apiFetch<PaymentResolved & { approval?: { id: string } }>(`/api/admin/payments/${encodeURIComponent(id)}/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(resolution),
  });
