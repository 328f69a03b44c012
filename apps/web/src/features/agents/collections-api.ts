import type { FollowUp, FollowUpOutcomeRequest } from '@ecogrid/core/follow-ups';
import type { Repossession, RepossessionAttempt } from '@ecogrid/core/repossessions';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

export type { FollowUp, FollowUpOutcomeRequest } from '@ecogrid/core/follow-ups';
export type { Repossession, RepossessionAttempt } from '@ecogrid/core/repossessions';
export { FOLLOW_UP_OUTCOMES, UNIT_CONDITIONS } from '@ecogrid/core/collections';

// The keys start with 'loans': a live 'loan' event (a repayment, a default) refetches them.
/** The agent's open follow-ups of past-due loans, oldest first. */
export const agentFollowUpsQuery = queryOptions({
  queryKey: ['loans', 'agent-follow-ups'],
  queryFn: ({ signal }) => apiFetch<{ items: FollowUp[] }>('/api/agent/follow-ups', { signal }),
  staleTime: 30_000,
  refetchOnMount: true,
  meta: { keepOffline: true },
});

/** The units the agent is asked to take back, newest first. */
export const agentRepossessionsQuery = queryOptions({
  queryKey: ['loans', 'agent-repossessions'],
  queryFn: ({ signal }) => apiFetch<{ repossessions: Repossession[] }>('/api/agent/repossessions', { signal }),
  staleTime: 30_000,
  refetchOnMount: true,
  meta: { keepOffline: true },
});

const post = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** What came of a follow-up; it closes it. */
export const recordFollowUpOutcome = ({ id, outcome }: { id: string; outcome: FollowUpOutcomeRequest }) =>
  post<FollowUp>(`/api/agent/follow-ups/${encodeURIComponent(id)}/outcome`, outcome);

/** An attempt to take a unit back: recovered in a condition, or failed with the reason. */
export const recordRepossessionAttempt = ({ id, attempt }: { id: string; attempt: RepossessionAttempt }) =>
  post<Repossession>(`/api/agent/repossessions/${encodeURIComponent(id)}/attempts`, attempt);
