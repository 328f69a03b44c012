import type { AdminAgent } from '@ecogrid/core/agent-admin';
import type { AssignFollowUp, FollowUp, FollowUpList, FollowUpOutcomeRequest } from '@ecogrid/core/follow-ups';
import type { Page } from '@ecogrid/core/page';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS } from '@/lib/paged-query.ts';

export { FOLLOW_UP_OUTCOMES } from '@ecogrid/core/collections';
export { FOLLOW_UP_LISTS, followUpOutcomeRequestSchema } from '@ecogrid/core/follow-ups';
export type { FollowUp, FollowUpList, FollowUpOutcomeRequest };

/** Who a follow-up can be handed to: an approved agent still at work. */
export type AgentChoice = { id: string; name: string; code: string | null };

// Under 'loans': a loan event or a live reconnect refetches the queue too.
const FOLLOW_UPS_KEY = ['loans', 'admin', 'follow-ups'] as const;

/** One list of follow-ups (open, promised or broken), of every agent, one agent's, or the admins' (`none`). */
export const followUpsQuery = (status: FollowUpList, assignee: string) =>
  queryOptions({
    queryKey: [...FOLLOW_UPS_KEY, { status, assignee }],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ status, ...(assignee ? { assignee } : {}) });
      return apiFetch<{ items: FollowUp[] }>(`/api/admin/follow-ups?${search}`, { signal }).then((b) => b.items);
    },
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });

/** The approved agents still active, by name, to filter by and hand follow-ups to. */
export const agentChoicesQuery = queryOptions({
  queryKey: ['loans', 'admin', 'agent-choices'],
  queryFn: ({ signal }) =>
    apiFetch<Page<AdminAgent>>('/api/admin/agents?status=approved&limit=100', { signal }).then((page) =>
      page.items
        .filter((agent) => agent.isActive)
        .map((agent): AgentChoice => ({ id: agent.id, name: agent.name, code: agent.agentCode }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ),
  staleTime: FRESH_MS,
});

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const recordFollowUpOutcome = (id: string, outcome: FollowUpOutcomeRequest) =>
  apiFetch<FollowUp>(`/api/admin/follow-ups/${encodeURIComponent(id)}/outcome`, post(outcome));

export const assignFollowUp = (id: string, input: AssignFollowUp) =>
  apiFetch<FollowUp>(`/api/admin/follow-ups/${encodeURIComponent(id)}/assign`, post(input));

/** After an outcome or a hand-over, every list is fetched again: the follow-up may have moved between them. */
export const refetchFollowUps = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: FOLLOW_UPS_KEY });
