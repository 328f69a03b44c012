import type { Category } from '@ecogrid/core';
import type { Report, ReportName } from '@ecogrid/core/reports';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS } from '@/lib/paged-query.ts';

/** A report's range (Kampala days, both included) and filters, as the URL and the API take them. */
export type ReportQuery = {
  from: string;
  to: string;
  district?: string;
  category?: string;
  lowStock?: string;
};

const search = (query: Partial<ReportQuery>) =>
  new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();

export const reportQuery = (name: ReportName, query: ReportQuery) =>
  queryOptions({
    queryKey: ['admin', 'reports', name, query],
    queryFn: ({ signal }) => apiFetch<Report>(`/api/admin/reports/${name}?${search(query)}`, { signal }),
    staleTime: FRESH_MS,
  });

export const tableCsvUrl = (name: ReportName, table: string, query: ReportQuery) =>
  `/api/admin/reports/${name}/${table}/table.csv?${search(query)}`;

export const reportPdfUrl = (name: ReportName, query: ReportQuery) =>
  `/api/admin/reports/${name}/report.pdf?${search(query)}`;

/** The system report: every report over the range for an admin, the public summary for anyone else. */
export const systemReportUrl = (range?: { from: string; to: string }) =>
  `/api/system-report.pdf${range ? `?${search(range)}` : ''}`;

/** The catalogue's categories, for the category filter. */
export const categoriesQuery = queryOptions({
  queryKey: ['catalog', 'categories'],
  queryFn: ({ signal }) => apiFetch<{ items: Category[] }>('/api/catalog/categories', { signal }),
});
