import type { BulkWriteOffInput, BulkWriteOffResult, WriteOffPreview } from '@ecogrid/core/write-offs';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS } from '@/lib/paged-query.ts';

export { WRITE_OFF_LIMIT, bulkWriteOffInputSchema, writeOffInputSchema } from '@ecogrid/core/write-offs';
export type { BulkWriteOffResult, WriteOffPreview };
export type { WriteOffCandidate } from '@ecogrid/core/write-offs';

// Under 'loans': a loan event refetches the preview, and a write-off refetches the loans.
const PREVIEW_KEY = ['loans', 'admin', 'write-off-preview'] as const;

/** The defaulted loans the credit policy lets admins write off, with the total owed. */
export const writeOffPreviewQuery = queryOptions({
  queryKey: PREVIEW_KEY,
  queryFn: ({ signal }) => apiFetch<WriteOffPreview>('/api/admin/loans/write-off-preview', { signal }),
  staleTime: FRESH_MS,
  refetchOnMount: true,
});

/** Above the four-eyes amount a write-off waits for a second staff member: nothing is written off yet. */
export type AwaitingApproval = { approval: { id: string; amount: number } };

/** Writes off up to 2,000 loans at once; the key makes a resent request apply once. */
export const writeOffLoans = (input: BulkWriteOffInput, idempotencyKey: string) =>
  apiFetch<BulkWriteOffResult | AwaitingApproval>('/api/admin/loans/write-offs', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(input),
  });

/** Writes off one defaulted loan with the reason; answers the amount written off. */
export const writeOffLoan = (id: string, reason: string) =>
  apiFetch<{ amount: number } | AwaitingApproval>(`/api/admin/loans/${encodeURIComponent(id)}/write-off`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reason }),
  });

/** After a write-off every loan list, loan and the preview are fetched again. */
export const refetchLoans = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['loans'] });
