import type { SystemLogItem } from '@ecogrid/core/audit';
import type { Health } from '@ecogrid/core/health';
import type { DiagnosticRun, DiagnosticRunSummary } from '@ecogrid/core/diagnostics';
import type { JobsOverview } from '@ecogrid/core/jobs';
import type { OutboxChannel, OutboxDelivery, OutboxMessage } from '@ecogrid/core/outbox';
import type { AuthAttempt, SecurityEvent, SecuritySummary } from '@ecogrid/core/users';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';
import { pages } from '@/lib/paged-query.ts';

export type { AuthAttempt, SecurityEvent, SecuritySummary } from '@ecogrid/core/users';
export type { OutboxChannel, OutboxDelivery, OutboxMessage } from '@ecogrid/core/outbox';
export type { Person } from '@ecogrid/core/audit';

export type { Health } from '@ecogrid/core/health';

export type { DeadLetter, JobQueue, JobSchedule } from '@ecogrid/core/jobs';
export type { JobsOverview };

/** The security log's event types, in the order the filter lists them. */
export const SECURITY_EVENT_TYPES = [
  'signin_success',
  'signin_failed',
  'signup_success',
  'signup_failed',
  'admin_role_changed',
  'admin_agent_approved',
  'admin_user_deactivated',
  'admin_user_reactivated',
  'admin_mfa_reset',
  'signin_locked',
] as const;

/** The security dashboard's figures: fresh each time the page opens. */
export const securitySummaryQuery = queryOptions({
  queryKey: ['admin', 'security-summary'],
  queryFn: ({ signal }) => apiFetch<SecuritySummary>('/api/admin/security-summary', { signal }),
  staleTime: 0,
});

/** The newest admin actions, for the security dashboard. */
export const recentAdminActionsQuery = queryOptions({
  queryKey: ['admin', 'system-log', 'recent-admin'],
  queryFn: ({ signal }) =>
    apiFetch<{ items: SystemLogItem[] }>('/api/admin/system-log?source=admin&limit=10', { signal }),
  staleTime: 0,
});

export const securityEventsQuery = (type: string) =>
  pages<SecurityEvent>(['admin', 'security-events', { type }], '/api/admin/security-events', {
    type: type || undefined,
  });

export const authAttemptsQuery = (failedOnly: boolean) =>
  pages<AuthAttempt>(['admin', 'auth-attempts', { failedOnly }], '/api/admin/auth-attempts', {
    failed: failedOnly ? 'true' : undefined,
  });

/** How often the outbox looks again while a message on screen is still waiting to send. */
export const OUTBOX_WAITING_POLL_MS = 3_000;

/**
 * The outbox: a message shows its text once it is kept (no provider), a few seconds after it is
 * queued, so while any shown message is still waiting the list looks again by itself.
 */
export const outboxQuery = (filters: {
  channel?: OutboxChannel | undefined;
  delivery?: OutboxDelivery | undefined;
  recipient: string;
}) => ({
  ...pages<OutboxMessage>(['admin', 'outbox', filters], '/api/admin/outbox', {
    channel: filters.channel,
    delivery: filters.delivery,
    recipient: filters.recipient || undefined,
  }),
  refetchInterval: (query: { state: { data?: { pages: { items: OutboxMessage[] }[] } | undefined } }) =>
    query.state.data?.pages.some((page) => page.items.some((m) => m.status === 'queued'))
      ? OUTBOX_WAITING_POLL_MS
      : false,
});

export const jobsQuery = queryOptions({
  queryKey: ['admin', 'jobs'],
  queryFn: ({ signal }) => apiFetch<JobsOverview>('/api/admin/jobs', { signal }),
  staleTime: 0,
  refetchOnMount: true,
});

/** Sends an outbox message again (a token SMS written again from its token); answers the new message's id. */
export const resendMessage = (id: string) =>
  apiFetch<{ id: string }>(`/api/admin/outbox/${encodeURIComponent(id)}/resend`, { method: 'POST' });

/** Sends a dead-lettered job back to its queue. */
export const retryDeadLetter = (id: string) =>
  apiFetch<{ retried: 1 }>(`/api/admin/jobs/dead-letters/${encodeURIComponent(id)}/retry`, { method: 'POST' });

/** Runs a scheduled task now. */
export const runScheduledTask = (name: string) =>
  apiFetch<{ jobId: string }>(`/api/admin/jobs/schedules/${encodeURIComponent(name)}/run`, { method: 'POST' });

/** The health check answers 503 with the same body when degraded: that is a status to show, not a failure. */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  const response = await fetch('/api/health', {
    signal,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  const body =
    response.ok || response.status === 503 ? ((await response.json().catch(() => null)) as Health | null) : null;
  if (!body?.database || !body.migrations) throw new Error(`The health check answered ${response.status}.`);
  return body;
}

export const healthQuery = queryOptions({
  queryKey: ['admin', 'health'],
  queryFn: ({ signal }) => fetchHealth(signal),
  staleTime: 0,
  refetchOnMount: true,
});

export type { SystemLogItem };

/** The system log's filters as the page keeps them in its address. */
export type SystemLogFilters = { source: 'all' | 'admin' | 'money'; from: string; to: string; action: string };

const logParams = (f: SystemLogFilters) => ({
  source: f.source === 'all' ? undefined : f.source,
  from: f.from && f.to ? f.from : undefined,
  to: f.from && f.to ? f.to : undefined,
  action: f.action || undefined,
});

/** Every admin action and money movement, newest first, a page at a time. */
export const systemLogQuery = (filters: SystemLogFilters) =>
  pages<SystemLogItem>(['admin', 'system-log', filters], '/api/admin/system-log', logParams(filters));

/** The same lines as a CSV file. */
export const systemLogCsvUrl = (filters: SystemLogFilters) =>
  `/api/admin/system-log.csv${toSearch(logParams(filters))}`;

export type {
  DiagnosticCheckName,
  DiagnosticResult,
  DiagnosticRun,
  DiagnosticRunSummary,
  DiagnosticStatus,
} from '@ecogrid/core/diagnostics';

/** The system checks' earlier runs, newest first. */
export const diagnosticRunsQuery = pages<DiagnosticRunSummary>(
  ['admin', 'diagnostics', 'runs'],
  '/api/admin/diagnostics/runs',
  {},
);

/** One run with every check's result; a run never changes once kept. */
export const diagnosticRunQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'diagnostics', 'run', id],
    queryFn: ({ signal }) =>
      apiFetch<DiagnosticRun>(`/api/admin/diagnostics/runs/${encodeURIComponent(id)}`, { signal }),
    staleTime: Infinity,
  });

/** Runs every system check now; answers when all are done. */
export const startDiagnosticRun = () => apiFetch<DiagnosticRun>('/api/admin/diagnostics/runs', { method: 'POST' });
