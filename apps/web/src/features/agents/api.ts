import type { AgentCustomerList, ConsentConfirmed, ConsentRequested } from '@ecogrid/core/agents';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

export type { AgentCustomer, AgentCustomerList, ConsentConfirmed, ConsentRequested } from '@ecogrid/core/agents';

// The key starts with 'kyc': a live 'kyc' event (a decision on a customer's check) refetches it.
export const agentCustomersQuery = queryOptions({
  queryKey: ['kyc', 'agent-customers'],
  queryFn: ({ signal }) => apiFetch<AgentCustomerList>('/api/agent/customers', { signal }),
  staleTime: 30_000,
  // Consent runs out with time: coming back to the page asks again.
  refetchOnMount: true,
  // Read in villages without data (lib/offline-cache.ts).
  meta: { keepOffline: true },
});

const post = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Sends the customer an SMS code to read back to the agent; `phoneNumber` as the agent typed it. */
export const requestConsent = (phoneNumber: string) =>
  post<ConsentRequested>('/api/agent/customers/consent', { phoneNumber });

/** Checks the six-digit code the customer read out. */
export const confirmConsent = (request: { phoneNumber: string; code: string }) =>
  post<ConsentConfirmed>('/api/agent/customers/consent/confirm', request);
