import type { Approval, ApprovalStatus } from '@ecogrid/core/approvals';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS } from '@/lib/paged-query.ts';

export type { Approval, ApprovalStatus };
export const APPROVAL_TABS = ['pending', 'approved', 'declined'] as const;

export const approvalsQuery = (status: ApprovalStatus) =>
  queryOptions({
    queryKey: ['admin', 'approvals', status],
    queryFn: ({ signal }) =>
      apiFetch<{ items: Approval[] }>(`/api/admin/approvals?status=${status}`, { signal }).then((a) => a.items),
    staleTime: FRESH_MS,
  });

/** Approves another staff member's refund or write-off: the money moves now. The key makes a retry safe. */
export const approve = (id: string, idempotencyKey: string) =>
  apiFetch<Approval>(`/api/admin/approvals/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: '{}',
  });

export const decline = (id: string, note: string) =>
  apiFetch<Approval>(`/api/admin/approvals/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ note }),
  });

/** Who is looking: their own requests are theirs to wait on, not to approve. */
export const viewerQuery = queryOptions({
  queryKey: ['me', 'id'],
  queryFn: ({ signal }) => apiFetch<{ id: string }>('/api/me', { signal }).then((me) => me.id),
  staleTime: 60_000,
});

/** The signed-in staff member's rights (decision 020): 'staff.manage' marks a full admin. */
export const staffRightsQuery = queryOptions({
  queryKey: ['me', 'staff'],
  queryFn: ({ signal }) => apiFetch<{ staffRights?: string[] }>('/api/me', { signal }),
  staleTime: 60_000,
});

/** The amount (UGX) above which a refund or write-off waits for a second staff member. */
export const thresholdQuery = queryOptions({
  queryKey: ['admin', 'approval-threshold'],
  queryFn: ({ signal }) =>
    apiFetch<{ amount: number }>('/api/admin/approvals/threshold', { signal }).then((t) => t.amount),
  staleTime: FRESH_MS,
});

export const setThreshold = (amount: number) =>
  apiFetch<{ amount: number }>('/api/admin/approvals/threshold', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount }),
  }).then((t) => t.amount);
