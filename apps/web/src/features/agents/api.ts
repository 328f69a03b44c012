import type { KycStatus } from '@ecogrid/core/kyc';
import type { PortfolioLoan } from '@ecogrid/core/loans';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

/** A customer the agent serves, with their identity check's status and the agent's consent. */
export type AgentCustomer = {
  customerId: string;
  name: string;
  /** E.164 (+256772123456), or null when the account has none. */
  phone: string | null;
  kycStatus: KycStatus;
  consentActive: boolean;
  consentExpiresAt: string;
};

export type AgentCustomerList = { items: AgentCustomer[] };

/** The code is on its way to the customer's phone (`testModeCode`: test mode only, the code itself). */
export type ConsentRequested = { customerId: string; expiresInMinutes: number; testModeCode?: string };

/** The customer read the code back: the agent may act for them until `consentExpiresAt`. */
export type ConsentConfirmed = { customerId: string; fullName: string; consentExpiresAt: string };

// The key starts with 'kyc': a live 'kyc' event (a decision on a customer's check) refetches it.
export const agentCustomersQuery = queryOptions({
  queryKey: ['kyc', 'agent-customers'],
  queryFn: ({ signal }) => apiFetch<AgentCustomerList>('/api/agent/customers', { signal }),
  staleTime: 30_000,
  // Consent runs out with time: coming back to the page asks again.
  refetchOnMount: true,
});

export type { PortfolioLoan } from '@ecogrid/core/loans';

// The key starts with 'loans': a live 'loan' event (a repayment, arrears) refetches it.
/** The loans of the customers the agent serves, most days past due first. */
export const agentLoansQuery = queryOptions({
  queryKey: ['loans', 'agent'],
  queryFn: ({ signal }) => apiFetch<{ loans: PortfolioLoan[] }>('/api/agent/loans', { signal }),
  staleTime: 30_000,
  refetchOnMount: true,
});

const post = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Sends the customer an SMS code to read back to the agent; `phoneNumber` as the agent typed it. */
export const requestConsent = (phoneNumber: string) =>
  post<ConsentRequested>('/api/agent/customers/consent', { phoneNumber });

/** Checks the six-digit code the customer read out. */
export const confirmConsent = (request: { phoneNumber: string; code: string }) =>
  post<ConsentConfirmed>('/api/agent/customers/consent/confirm', request);
