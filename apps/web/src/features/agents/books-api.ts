import type { AgentLoan, AgentOrder } from '@ecogrid/core/agent-books';
import { LOAN_STATUSES, type LoanStatus } from '@ecogrid/core/credit';
import { ORDER_STATUSES, type OrderStatus } from '@ecogrid/core/orders';
import { pages } from '@/lib/paged-query.ts';

export type { AgentLoan, AgentOrder, BookCustomer } from '@ecogrid/core/agent-books';

/** What the Loans tab shows: every loan, those in arrears or not, or one status. */
export const LOAN_SHOWS = ['all', 'inArrears', 'current', ...LOAN_STATUSES] as const;
export type LoanShow = (typeof LOAN_SHOWS)[number];
export const ORDER_SHOWS = ['all', ...ORDER_STATUSES] as const;
export type OrderShow = (typeof ORDER_SHOWS)[number];

const arrears = { inArrears: 'true', current: 'false' } as const;

// The keys start with 'loans' and 'orders': live events refetch them, and lib/offline-cache.ts
// keeps them on the phone for reading in a village without data.
/** The loans of the agent's customers, newest first, a page at a time. */
export const agentLoanBookQuery = (show: LoanShow) =>
  pages<AgentLoan>(['loans', 'agent-book', show], '/api/agent/loans', {
    status: (LOAN_STATUSES as readonly string[]).includes(show) ? (show as LoanStatus) : undefined,
    inArrears: show === 'inArrears' || show === 'current' ? arrears[show] : undefined,
  });

/** The orders of the agent's customers, newest first, a page at a time. */
export const agentOrderBookQuery = (show: OrderShow) =>
  pages<AgentOrder>(['orders', 'agent-book', show], '/api/agent/orders', {
    status: show === 'all' ? undefined : (show as OrderStatus),
  });
