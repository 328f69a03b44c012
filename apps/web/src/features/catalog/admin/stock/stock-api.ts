import type {
  LocationStock,
  StockLocation,
  StockLocationCreate,
  StockMove,
  StockTransfer,
} from '@ecogrid/core/stock-locations';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';
import type { Page } from '@/lib/paged-query.ts';

export type { LocationStock, StockLocation, StockMove } from '@ecogrid/core/stock-locations';

const BASE = '/api/admin/stock';
const FRESH_MS = 30_000;

export const stockLocationsQuery = queryOptions({
  queryKey: ['admin', 'stock', 'locations'],
  queryFn: ({ signal }) => apiFetch<StockLocation[]>(`${BASE}/locations`, { signal }),
  staleTime: FRESH_MS,
  refetchOnMount: true,
});

export const locationStockQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'stock', 'location', id],
    queryFn: ({ signal }) => apiFetch<LocationStock>(`${BASE}/locations/${encodeURIComponent(id)}`, { signal }),
    staleTime: FRESH_MS,
  });

export const locationMovesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'stock', 'moves', id],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<StockMove>>(`${BASE}/locations/${encodeURIComponent(id)}/moves${toSearch({ cursor: pageParam })}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: FRESH_MS,
  });

/** The products to move, by name (the first 100, on sale or not). */
export const stockProductsQuery = queryOptions({
  queryKey: ['admin', 'stock', 'products'],
  queryFn: ({ signal }) =>
    apiFetch<Page<{ id: string; name: string; sku: string; stock: number }>>('/api/admin/catalog/products?limit=100', {
      signal,
    }),
  staleTime: FRESH_MS,
});

/** The pickup points a shop can be, and the approved agents who can hold stock, by name. */
export const stockCandidatesQuery = queryOptions({
  queryKey: ['admin', 'stock', 'candidates'],
  queryFn: async ({ signal }) => {
    const [options, agents] = await Promise.all([
      apiFetch<{ pickupPoints: { id: string; name: string; district: string }[] }>('/api/checkout/options', { signal }),
      apiFetch<Page<{ id: string; name: string }>>('/api/admin/agents?status=approved&limit=100', { signal }),
    ]);
    return { pickupPoints: options.pickupPoints, agents: agents.items };
  },
  staleTime: FRESH_MS,
});

const post = <T>(path: string, body: unknown) =>
  apiFetch<T>(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export const createStockLocation = (input: StockLocationCreate) => post<StockLocation>('/locations', input);
export const transferStock = (input: StockTransfer) => post<StockMove>('/transfers', input);

/** After a change: every stock view, and the catalogue's totals. */
export const refreshStock = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin', 'stock'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'catalog'] }),
  ]);
