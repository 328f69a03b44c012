import type { AdminAgent, AdminAgentDetail, AgentSettings, AgentStatementLine } from '@ecogrid/core/agent-admin';
import type { AgentTarget, Handover, HandoverRequest } from '@ecogrid/core/agent-money';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS, pages } from '@/lib/paged-query.ts';

export { HANDOVER_METHODS, handoverRequestSchema } from '@ecogrid/core/agent-money';
export type { AdminAgent, AdminAgentDetail, AgentSettings, AgentStatementLine, AgentTarget, Handover, HandoverRequest };
export type { HandoverMethod } from '@ecogrid/core/agent-money';

/** The two lists of the agents page: people who applied, and agents at work. */
export type AgentListStatus = AdminAgent['agentStatus'];

const LIST_KEY = ['admin', 'agents', 'list'] as const;
const agentKey = (id: string) => ['admin', 'agents', 'agent', id] as const;

/** Applicants or approved agents a page at a time, found by name, phone or code. */
export const adminAgentsQuery = (status: AgentListStatus, q: string) =>
  pages<AdminAgent>([...LIST_KEY, { status, q }], '/api/admin/agents', { status, q: q || undefined });

/** One agent with their month targets. */
export const adminAgentQuery = (id: string) =>
  queryOptions({
    queryKey: agentKey(id),
    queryFn: ({ signal }) => apiFetch<AdminAgentDetail>(`/api/admin/agents/${encodeURIComponent(id)}`, { signal }),
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });

const agentPath = (id: string) => `/api/admin/agents/${encodeURIComponent(id)}`;

/** The agent's handovers, newest first, a page at a time; read again with the agent's page. */
export const agentHandoversQuery = (id: string) =>
  pages<Handover>([...agentKey(id), 'handovers'], `${agentPath(id)}/handovers`, {});

/** The agent's wallet statement, newest first, a page at a time; read again with the agent's page. */
export const agentStatementQuery = (id: string) =>
  pages<AgentStatementLine>([...agentKey(id), 'statement'], `${agentPath(id)}/statement`, {});

const send = <T>(method: 'PATCH' | 'PUT' | 'POST', path: string, body: unknown, headers: Record<string, string> = {}) =>
  apiFetch<T>(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

export const saveAgentSettings = (id: string, settings: AgentSettings) =>
  send<AdminAgentDetail>('PATCH', agentPath(id), settings);

/** `month` is YYYY-MM. */
export const setAgentTarget = (
  id: string,
  month: string,
  target: Pick<AgentTarget, 'salesTarget' | 'collectionsTarget'>,
) => send<AgentTarget>('PUT', `${agentPath(id)}/targets/${month}`, target);

export const recordHandover = (id: string, handover: HandoverRequest, idempotencyKey: string) =>
  send<Handover>('POST', `${agentPath(id)}/handovers`, handover, { 'Idempotency-Key': idempotencyKey });

/**
 * After a change to one agent: their page (with its handovers and statement) and the lists (cash
 * on hand, targets, status) are read again.
 */
export function refreshAgent(queryClient: QueryClient, id: string, detail?: AdminAgentDetail): void {
  if (detail) queryClient.setQueryData(agentKey(id), detail);
  else void queryClient.invalidateQueries({ queryKey: agentKey(id) });
  void queryClient.invalidateQueries({ queryKey: LIST_KEY });
}
