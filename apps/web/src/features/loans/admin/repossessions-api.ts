import type { Repossession, StartRepossession } from '@ecogrid/core/repossessions';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS, pages } from '@/lib/paged-query.ts';

export { startRepossessionSchema } from '@ecogrid/core/repossessions';
export type { Repossession, StartRepossession };

const loanRepossessionsKey = (loanId: string) => ['loans', 'admin', 'loan', loanId, 'repossessions'] as const;

/** A loan's repossessions, each attempt with its outcome, newest first. */
export const loanRepossessionsQuery = (loanId: string) =>
  queryOptions({
    queryKey: loanRepossessionsKey(loanId),
    queryFn: ({ signal }) =>
      apiFetch<{ repossessions: Repossession[] }>(`/api/admin/loans/${encodeURIComponent(loanId)}/repossessions`, {
        signal,
      }).then((body) => body.repossessions),
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });

/** Repossessions under way (an attempt still to make), newest first, a page at a time. */
export const openRepossessionsQuery = pages<Repossession>(
  ['loans', 'admin', 'repossessions'],
  '/api/admin/repossessions',
  {},
);

/** Starts taking back a defaulted loan's unit, for the agent named or else the one who sold it. */
export const startRepossession = (loanId: string, input: StartRepossession) =>
  apiFetch<Repossession>(`/api/admin/loans/${encodeURIComponent(loanId)}/repossessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });

export const refetchRepossessions = (queryClient: QueryClient, loanId: string) =>
  queryClient.invalidateQueries({ queryKey: loanRepossessionsKey(loanId) });
