import type { Actor, AuditEntry, Person } from '@ecogrid/core/audit';
import type { DeadLetter, JobQueue, JobSchedule } from '@ecogrid/core/jobs';
import type { OutboxChannel, OutboxMessage } from '@ecogrid/core/outbox';
import type { Payment, PaymentMethod, PaymentPurpose, PaymentStatus } from '@ecogrid/core/payments';
import type { UserType } from '@ecogrid/core/roles';
import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS, pages, type Page } from '@/lib/paged-query.ts';

export { USER_TYPES, type UserType } from '@ecogrid/core/roles';

export type AdminUser = {
  id: string;
  fullName: string;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneVerified: boolean;
  userType: UserType;
  agentStatus: 'applicant' | 'approved' | null;
  agentCode: string | null;
  /** Basis points: 250 is 2.5 %. */
  commissionRateBp: number | null;
  twoFactorEnabled: boolean;
  isActive: boolean;
  createdAt: string;
};

export type SecurityEvent = {
  id: string;
  eventType: string;
  userId: string | null;
  /** The account the event is about, by name. */
  user: Person | null;
  /** The account an admin acted on, by name. */
  target: Person | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
};

export type AuthAttempt = {
  id: string;
  userId: string | null;
  /** The account tried, when the identifier matched one. */
  user: Person | null;
  loginMethod: string;
  identifier: string;
  success: boolean;
  failureReason: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
};

export type { OutboxChannel, OutboxMessage } from '@ecogrid/core/outbox';
export type { Person } from '@ecogrid/core/audit';

export type Health = {
  status: 'ok' | 'degraded';
  version: string;
  database: { reachable: boolean; kind: 'pglite' | 'postgres' };
  migrations: { applied: number; expected: number; upToDate: boolean };
  jobs: { reachable: boolean };
};

export type { DeadLetter, JobQueue, JobSchedule } from '@ecogrid/core/jobs';
export type JobsOverview = { queues: JobQueue[]; schedules: JobSchedule[]; deadLetters: DeadLetter[] };

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
] as const;

export const usersQuery = (q: string) =>
  pages<AdminUser>(['admin', 'users', { q }], '/api/admin/users', { q: q || undefined });

export const securityEventsQuery = (type: string) =>
  pages<SecurityEvent>(['admin', 'security-events', { type }], '/api/admin/security-events', {
    type: type || undefined,
  });

export const authAttemptsQuery = (failedOnly: boolean) =>
  pages<AuthAttempt>(['admin', 'auth-attempts', { failedOnly }], '/api/admin/auth-attempts', {
    failed: failedOnly ? 'true' : undefined,
  });

export const outboxQuery = (filters: { channel?: OutboxChannel | undefined; recipient: string }) =>
  pages<OutboxMessage>(['admin', 'outbox', filters], '/api/admin/outbox', {
    channel: filters.channel,
    recipient: filters.recipient || undefined,
  });

export const jobsQuery = queryOptions({
  queryKey: ['admin', 'jobs'],
  queryFn: ({ signal }) => apiFetch<JobsOverview>('/api/admin/jobs', { signal }),
  staleTime: 0,
  refetchOnMount: true,
});

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

/** A change an admin makes to someone's account; each answers with the account as it is now. */
export type UserAction =
  | { kind: 'role'; userType: UserType }
  | { kind: 'approveAgent'; agentCode: string; commissionRateBp: number }
  | { kind: 'deactivate' }
  | { kind: 'reactivate' }
  | { kind: 'resetMfa' };

const actionRequest = (action: UserAction): { method: 'PATCH' | 'POST'; path: string; body: object } => {
  switch (action.kind) {
    case 'role':
      return { method: 'PATCH', path: 'role', body: { userType: action.userType } };
    case 'approveAgent':
      return {
        method: 'POST',
        path: 'approve-agent',
        body: { agentCode: action.agentCode, commissionRateBp: action.commissionRateBp },
      };
    case 'deactivate':
      return { method: 'POST', path: 'deactivate', body: {} };
    case 'reactivate':
      return { method: 'POST', path: 'reactivate', body: {} };
    case 'resetMfa':
      return { method: 'POST', path: 'reset-mfa', body: {} };
  }
};

export function runUserAction(userId: string, action: UserAction): Promise<AdminUser> {
  const { method, path, body } = actionRequest(action);
  return apiFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Puts the changed account in every cached page of the user list, wherever it appears. */
export function replaceCachedUser(queryClient: QueryClient, updated: AdminUser): void {
  queryClient.setQueriesData<InfiniteData<Page<AdminUser>>>({ queryKey: ['admin', 'users'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((user) => (user.id === updated.id ? updated : user)),
          })),
        }
      : data,
  );
}

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
