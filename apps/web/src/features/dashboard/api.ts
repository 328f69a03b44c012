import type { BusinessSummary } from '@ecogrid/core/business';
import type { Dashboard } from '@ecogrid/core/dashboard';
import type { Impact } from '@ecogrid/core/impact';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

export type { Dashboard, DashboardDevice, DashboardLoan } from '@ecogrid/core/dashboard';
export type { Impact } from '@ecogrid/core/impact';

/**
 * The customer's home screen in one answer. Kept on the phone (keepOffline), so it opens without
 * a network showing what was last seen; asked again on every visit, since a token may have come.
 */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => apiFetch<Dashboard>('/api/me/dashboard', { signal }),
  staleTime: 30_000,
  refetchOnMount: true,
  meta: { keepOffline: true },
});

/** The loan page, where its payment form is. */
export const loanPath = (id: string) => `/customer/loan/${encodeURIComponent(id)}`;

/** Where a fault with the unit of this loan is reported. */
export const faultPath = (loanId: string) =>
  `/support/tickets/new?category=device_fault&loan=${encodeURIComponent(loanId)}`;

/** The public transformation plan's figures; they move by the day, so five minutes old is current. */
export const transformationPlanQuery = queryOptions({
  queryKey: ['transformation-plan'],
  queryFn: ({ signal }) => apiFetch<Impact>('/api/transformation-plan', { signal }),
  staleTime: 5 * 60_000,
});

/** The admin home's figures: fresh each time it opens. */
export const businessSummaryQuery = queryOptions({
  queryKey: ['admin', 'business-summary'],
  queryFn: ({ signal }) => apiFetch<BusinessSummary>('/api/admin/business-summary', { signal }),
  staleTime: 0,
});
