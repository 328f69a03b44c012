import type { Payment, TopUpRequest, WithdrawalRequest } from '@ecogrid/core/payments';
import type { StatementLine, StatementPage, Wallet, WithdrawalCode } from '@ecogrid/core/wallet.responses';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';

export type { Payment } from '@ecogrid/core/payments';
export type { StatementLine, StatementPage, Wallet, WithdrawalCode };

/** Twenty lines fill a couple of phone screens without a long wait on 3G. */
export const STATEMENT_PAGE_SIZE = 20;

/** While a payment waits for approval on the phone, it is asked for this often, in case a live update is missed. */
export const POLL_MS = 5_000;

// Every key starts with 'payments': a live payment event invalidates them all at once.
export const walletQuery = queryOptions({
  queryKey: ['payments', 'wallet'],
  queryFn: ({ signal }) => apiFetch<Wallet>('/api/wallet', { signal }),
  // Money on screen must be current: fetched again on a visit after 15 s, shown from the cache
  // meanwhile. Payments still waiting are checked every 15 s, in case a live update is missed.
  staleTime: 15_000,
  refetchOnMount: true,
  refetchInterval: (query) => (query.state.data?.pending.length ? 15_000 : false),
});

export const statementQuery = infiniteQueryOptions({
  queryKey: ['payments', 'statement'],
  queryFn: ({ pageParam, signal }) =>
    apiFetch<StatementPage>(`/api/wallet/statement${toSearch({ limit: STATEMENT_PAGE_SIZE, cursor: pageParam })}`, {
      signal,
    }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  staleTime: 15_000,
  refetchOnMount: true,
});

/** One payment of the caller's, asked again every 5 s while it is pending. */
export const paymentQuery = (payment: Payment) =>
  queryOptions({
    queryKey: ['payments', 'payment', payment.id],
    queryFn: ({ signal }) => apiFetch<Payment>(`/api/payments/${encodeURIComponent(payment.id)}`, { signal }),
    // Just answered by the server: not asked again until the first poll or a live update.
    initialData: payment,
    staleTime: POLL_MS,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
  });

const post = <T>(path: string, body?: unknown, idempotencyKey?: string) =>
  apiFetch<T>(path, {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Asks the network to put a payment prompt on the customer's phone; answers with the pending payment. */
export const startTopUp = ({ request, key }: { request: TopUpRequest; key: string }) =>
  post<Payment>('/api/wallet/top-ups', request, key);

/** Texts a 6-digit code that confirms the withdrawal. */
export const sendWithdrawalCode = () => post<WithdrawalCode>('/api/wallet/withdrawals/code');

/** Sends money from the wallet to a mobile-money number. */
export const startWithdrawal = ({ request, key }: { request: WithdrawalRequest; key: string }) =>
  post<Payment>('/api/wallet/withdrawals', request, key);
