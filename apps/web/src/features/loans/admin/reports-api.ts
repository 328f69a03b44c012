import type { ParDay, RollRates, Vintage } from '@ecogrid/core/portfolio-reports';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS } from '@/lib/paged-query.ts';

export const parHistoryQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'portfolio', 'par-history', from, to],
    queryFn: ({ signal }) =>
      apiFetch<{ days: ParDay[] }>(`/api/admin/portfolio/par-history?from=${from}&to=${to}`, { signal }),
    staleTime: FRESH_MS,
  });

export const vintagesQuery = queryOptions({
  queryKey: ['admin', 'portfolio', 'vintages'],
  queryFn: ({ signal }) => apiFetch<{ vintages: Vintage[] }>('/api/admin/portfolio/vintages', { signal }),
  staleTime: FRESH_MS,
});

export const rollRatesQuery = (month: string) =>
  queryOptions({
    queryKey: ['admin', 'portfolio', 'roll-rates', month],
    queryFn: ({ signal }) => apiFetch<RollRates>(`/api/admin/portfolio/roll-rates?month=${month}`, { signal }),
    staleTime: FRESH_MS,
  });

export const EXPORT_URLS = { loans: '/api/admin/exports/loans.csv', payments: '/api/admin/exports/payments.csv' };
