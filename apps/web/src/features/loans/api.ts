import type { FollowOnOffer } from '@ecogrid/core/credit-policy';
import type { Loan, LoanApplication, LoanSummary } from '@ecogrid/core/loans';
import type { Payment } from '@ecogrid/core/payments';
import type { ExtensionQuoteView, PayoffQuoteView, ScheduleChanges } from '@ecogrid/core/restructure';
import { queryOptions } from '@tanstack/react-query';
import type { PaymentChoice } from '@/components/ui/pay-with.tsx';
import { apiFetch } from '@/lib/api-client.ts';
import { kycQuery } from '@/lib/shared-queries.ts';

export type { Loan, LoanPayment, LoanPlan, LoanRepayment, LoanSummary, LoanToken } from '@ecogrid/core/loans';

export type Applied = { loans: LoanSummary[]; payments: Payment[] };
export type Paid = { loan: Loan; payment: Payment };

/** While a loan's payment waits for approval on the phone, the loan is asked for this often, in case a live update is missed. */
export const POLL_MS = 5_000;

const path = (id: string) => `/api/loans/${encodeURIComponent(id)}`;

export { loanPlansQuery } from '@/lib/shared-queries.ts';

// Every loan key starts with 'loans': a live 'loan' or 'payment' event refetches them all.
export const myLoansQuery = queryOptions({
  queryKey: ['loans', 'mine'],
  queryFn: ({ signal }) => apiFetch<{ loans: LoanSummary[] }>('/api/loans', { signal }),
  staleTime: 30_000,
  refetchOnMount: true,
});

/** Whether the customer, having paid off their loans on time, gets the policy's lower deposit on their next loan. */
export const followOnOfferQuery = queryOptions({
  queryKey: ['loans', 'follow-on-offer'],
  queryFn: ({ signal }) => apiFetch<FollowOnOffer>('/api/loans/follow-on-offer', { signal }),
  staleTime: 30_000,
});

export const hasPendingPayment = (loan: Loan | undefined) =>
  Boolean(loan?.payments.some((payment) => payment.status === 'pending'));

/** The loan's statement (PDF, in the customer's language). */
export const loanStatementUrl = (id: string) => `/api/loans/${encodeURIComponent(id)}/statement.pdf`;

/** One of the customer's loans; asked again every 5 s while one of its payments waits for the phone. */
export const loanQuery = (id: string) =>
  queryOptions({
    queryKey: ['loans', 'one', id],
    queryFn: ({ signal }) => apiFetch<Loan>(path(id), { signal }),
    staleTime: 30_000,
    refetchOnMount: true,
    refetchInterval: (query) => (hasPendingPayment(query.state.data) ? POLL_MS : false),
  });

export { payingWalletQuery as walletQuery } from '@/lib/shared-queries.ts';
export const ownKycQuery = kycQuery('/api/kyc');

const post = <T>(url: string, body: unknown, idempotencyKey: string) =>
  apiFetch<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
  });

/** The credit part of a checkout: one loan application per unit of each credit line. */
export const applyForLoans = ({ application, key }: { application: LoanApplication; key: string }) =>
  post<Applied>('/api/loans/applications', application, key);

export type PayRequest = { id: string; kind: 'deposit' | 'repayment'; amount: number; payment: PaymentChoice };

/** Pays an approved loan's deposit, or repays any amount of an active one. */
export const payLoan = ({ request, key }: { request: PayRequest; key: string }) =>
  request.kind === 'deposit'
    ? post<Paid>(`${path(request.id)}/deposit`, { payment: request.payment }, key)
    : post<Paid>(`${path(request.id)}/repayments`, { amount: request.amount, payment: request.payment }, key);

/** Withdraws an application that has not started; answers with the loan, cancelled. */
export const withdrawApplication = (id: string) =>
  apiFetch<Loan>(`${path(id)}/withdraw`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });

export type { ExtensionQuoteView, PayoffQuoteView, ScheduleChanges } from '@ecogrid/core/restructure';

/** What adding `instalments` to the loan would do: asked each time the customer changes the number. */
export const extensionQuoteQuery = (id: string, instalments: number) =>
  queryOptions({
    queryKey: ['loans', 'extension-quote', id, instalments],
    queryFn: ({ signal }) =>
      apiFetch<ExtensionQuoteView>(`${path(id)}/extension-quote?instalments=${instalments}`, { signal }),
    staleTime: 0,
  });

export const payoffQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: ['loans', 'payoff-quote', id],
    queryFn: ({ signal }) => apiFetch<PayoffQuoteView>(`${path(id)}/payoff-quote`, { signal }),
    staleTime: 0,
  });

/** The loan's schedule history, newest first: the customer's own, or any loan's for an admin. */
export const scheduleChangesQuery = (id: string, admin = false) =>
  queryOptions({
    queryKey: ['loans', 'schedule-changes', id, admin],
    queryFn: ({ signal }) =>
      apiFetch<ScheduleChanges>(
        `${admin ? '/api/admin/loans' : '/api/loans'}/${encodeURIComponent(id)}/schedule-changes`,
        {
          signal,
        },
      ),
    staleTime: 30_000,
  });

/** Accepts an extension as quoted. */
export const extendLoan = ({
  id,
  instalments,
  quote,
  key,
}: {
  id: string;
  instalments: number;
  quote: string;
  key: string;
}) => post<Loan>(`${path(id)}/extension`, { instalments, quote }, key);

/** Pays the loan off as quoted. */
export const payOffLoan = ({
  id,
  quote,
  payment,
  key,
}: {
  id: string;
  quote: string;
  payment: PaymentChoice;
  key: string;
}) => post<Paid>(`${path(id)}/payoff`, { quote, payment }, key);
