import type {
  Loan,
  LoanDecision,
  LoanPlan,
  LoanPlanInput,
  LoanStatus,
  PortfolioFigures,
  PortfolioLoan,
} from '@ecogrid/core/loans';
import type { DeviceSwapInput, DeviceSwapQuote } from '@ecogrid/core/devices';
import type { AdminLoan, CreditHistory } from '@ecogrid/core/loans.responses';
import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS, pages, type Page } from '@/lib/paged-query.ts';

export { LOAN_STATUSES, loanDecisionSchema, loanPlanInputSchema } from '@ecogrid/core/loans';
export type {
  AdminLoan,
  CreditHistory,
  Loan,
  LoanDecision,
  LoanPlan,
  LoanPlanInput,
  LoanStatus,
  PortfolioFigures,
  PortfolioLoan,
};

/** The portfolio list's filters as the address holds them; days past due are whole days. */
export type LoanFilters = {
  status?: LoanStatus | undefined;
  district?: string | undefined;
  agent?: string | undefined;
  minDaysPastDue?: number | undefined;
  maxDaysPastDue?: number | undefined;
};

// Under 'loans': a live reconnect (and any loan event) refetches the admin's lists and loan too.
const LIST_KEY = ['loans', 'admin', 'list'] as const;
const FIGURES_KEY = ['loans', 'admin', 'figures'] as const;
const loanKey = (id: string) => ['loans', 'admin', 'loan', id] as const;
const plansKey = (productId: string) => ['admin', 'loan-plans', productId] as const;

/** Loans a page at a time; the waiting ones oldest first (the approval queue), others newest first. */
export const adminLoansQuery = (filters: LoanFilters) =>
  pages<PortfolioLoan>([...LIST_KEY, filters], '/api/admin/loans', filters);

export const loanFiguresQuery = queryOptions({
  queryKey: FIGURES_KEY,
  queryFn: ({ signal }) => apiFetch<PortfolioFigures>('/api/admin/loans/figures', { signal }),
  staleTime: FRESH_MS,
  refetchOnMount: true,
});

/** Any loan's statement (PDF, in its customer's language). */
export const adminLoanStatementUrl = (id: string) => `/api/admin/loans/${encodeURIComponent(id)}/statement.pdf`;

export const adminLoanQuery = (id: string) =>
  queryOptions({
    queryKey: loanKey(id),
    queryFn: ({ signal }) => apiFetch<AdminLoan>(`/api/admin/loans/${encodeURIComponent(id)}`, { signal }),
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });

/** Approves a waiting application, or refuses it with the reason the customer reads; answers with the loan after. */
export const decideLoan = (id: string, decision: LoanDecision) =>
  apiFetch<Loan>(`/api/admin/loans/${encodeURIComponent(id)}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(decision),
  });

/** After a decision: the loan on screen shows its new status, it leaves the queue at once, and the lists and figures are fetched again. */
export async function afterLoanDecision(queryClient: QueryClient, id: string, after: Loan): Promise<void> {
  queryClient.setQueryData<AdminLoan>(loanKey(id), (before) => (before ? { ...before, ...after } : before));
  queryClient.setQueriesData<InfiniteData<Page<PortfolioLoan>>>(
    { queryKey: [...LIST_KEY, { status: 'pending_approval' }] },
    (data) =>
      data
        ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((l) => l.id !== id) })) }
        : data,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: LIST_KEY }),
    queryClient.invalidateQueries({ queryKey: FIGURES_KEY }),
  ]);
}

/** The loan on screen is out of date (another admin decided it): fetch it again. */
export const refetchLoan = (queryClient: QueryClient, id: string) =>
  queryClient.invalidateQueries({ queryKey: loanKey(id) });

/** A product's plans, active and not. */
export const loanPlansQuery = (productId: string) =>
  queryOptions({
    queryKey: plansKey(productId),
    queryFn: ({ signal }) =>
      apiFetch<{ plans: LoanPlan[] }>(`/api/admin/products/${encodeURIComponent(productId)}/loan-plans`, {
        signal,
      }).then((body) => body.plans),
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });

const json = (method: 'POST' | 'PATCH', body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const createLoanPlan = (productId: string, input: LoanPlanInput) =>
  apiFetch<LoanPlan>(`/api/admin/products/${encodeURIComponent(productId)}/loan-plans`, json('POST', input));

export const updateLoanPlan = (planId: string, input: LoanPlanInput) =>
  apiFetch<LoanPlan>(`/api/admin/loan-plans/${encodeURIComponent(planId)}`, json('PATCH', input));

/** Puts the saved plan in the product's list (in place, or at the end when new). */
export function keepPlan(queryClient: QueryClient, productId: string, saved: LoanPlan): void {
  queryClient.setQueryData<LoanPlan[]>(plansKey(productId), (plans = []) =>
    plans.some((plan) => plan.id === saved.id)
      ? plans.map((plan) => (plan.id === saved.id ? saved : plan))
      : [...plans, saved],
  );
}

export type { DeviceSwapInput, DeviceSwapQuote } from '@ecogrid/core/devices';

/** What moving a loan to a replacement unit would do; nothing changes until it is confirmed. */
export const previewSwap = (id: string, input: DeviceSwapInput) =>
  apiFetch<DeviceSwapQuote>(`/api/admin/loans/${encodeURIComponent(id)}/swap/preview`, json('POST', input));

/** Moves a loan to the replacement unit; a swap that costs something needs confirmCharge. */
export const swapUnit = (id: string, input: DeviceSwapInput) =>
  apiFetch<{ swap: DeviceSwapQuote; loan: Loan }>(
    `/api/admin/loans/${encodeURIComponent(id)}/swap`,
    json('POST', input),
  );

/** What an admin weighs before deciding: the policy's suggestion and why, the score, other loans and recent payments. */
export const creditHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...loanKey(id), 'credit-history'] as const,
    queryFn: ({ signal }) =>
      apiFetch<CreditHistory>(`/api/admin/loans/${encodeURIComponent(id)}/credit-history`, { signal }),
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });
