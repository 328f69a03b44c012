import type { Product, ProductCategory, ProductList, ProductSort } from '@ecogrid/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';

export type CatalogFilters = { q?: string; category?: ProductCategory; sort?: ProductSort };

/** Twelve cards fill two phone screens; fewer bytes and less work on a slow phone than a full page of 24. */
export const PAGE_SIZE = 12;

export const productListQuery = (filters: CatalogFilters) =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'products', filters],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ProductList>(`/api/catalog/products${toSearch({ ...filters, limit: PAGE_SIZE, cursor: pageParam })}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['catalog', 'product', id],
    queryFn: ({ signal }) => apiFetch<Product>(`/api/catalog/products/${encodeURIComponent(id)}`, { signal }),
  });
