import type { AgentDashboard, CashCollectionRequest } from '@ecogrid/core/agent-money';
import type {
  AgentCustomerDetail,
  Lead,
  LeadRequest,
  VisitNoteRequest,
  visitListSchema,
} from '@ecogrid/core/agent-field';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client.ts';

export type { AgentDashboard, CashCollected, CashCollectionRequest } from '@ecogrid/core/agent-money';
export type {
  AgentCustomerDetail,
  Lead,
  LeadRequest,
  Visit,
  VisitNote,
  VisitNoteRequest,
} from '@ecogrid/core/agent-field';

type VisitList = z.infer<typeof visitListSchema>;

/** An agent's customer's page. */
export const customerPath = (customerId: string) => `/agent/customers/${encodeURIComponent(customerId)}`;

/** Kept on the phone (lib/offline-cache.ts) so the agent can read it in a village without data. */
const offline = { keepOffline: true };

/** The agent's home: figures, cash on hand against the limit, the wallet, customers to visit. */
export const agentDashboardQuery = queryOptions({
  queryKey: ['agent', 'dashboard'],
  queryFn: ({ signal }) => apiFetch<AgentDashboard>('/api/agent/dashboard', { signal }),
  staleTime: 30_000,
  refetchOnMount: true,
  meta: offline,
});

// The key starts with 'loans': a live 'loan' event (a repayment, arrears) refetches it.
/** Customers with a loan in arrears, most days past due first. */
export const agentVisitsQuery = queryOptions({
  queryKey: ['loans', 'agent-visits'],
  queryFn: ({ signal }) => apiFetch<VisitList>('/api/agent/visits', { signal }),
  staleTime: 30_000,
  refetchOnMount: true,
  meta: offline,
});

export const agentCustomerQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['agent', 'customer', customerId],
    queryFn: ({ signal }) =>
      apiFetch<AgentCustomerDetail>(`/api/agent/customers/${encodeURIComponent(customerId)}`, { signal }),
    staleTime: 30_000,
    refetchOnMount: true,
    meta: offline,
  });

/** Customers the agent registered, those still waiting for their code among them. */
export const agentLeadsQuery = queryOptions({
  queryKey: ['agent', 'leads'],
  queryFn: ({ signal }) => apiFetch<{ items: Lead[] }>('/api/agent/leads', { signal }),
  refetchOnMount: true,
});

const post = <T>(path: string, body: unknown = {}) =>
  apiFetch<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The code the customer read back: their consent, and their account made (or found). */
export const confirmLead = ({ leadId, code }: { leadId: string; code: string }) =>
  post<Lead>(`/api/agent/leads/${encodeURIComponent(leadId)}/confirm`, { code });

export const resendLeadCode = (leadId: string) => post<Lead>(`/api/agent/leads/${encodeURIComponent(leadId)}/resend`);

/** Where each queued action goes. */
export const FIELD_PATHS = {
  lead: '/api/agent/leads',
  collection: '/api/agent/collections',
  'visit-note': '/api/agent/visit-notes',
} as const;

export type QueuedBodies = { lead: LeadRequest; collection: CashCollectionRequest; 'visit-note': VisitNoteRequest };
