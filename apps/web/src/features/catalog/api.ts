import type { Category, Product, ProductList, ProductSort } from '@ecogrid/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';

/** `category` is a category's slug; admins keep the list (`categoriesQuery`). */
export type CatalogFilters = {
  q?: string;
  category?: string;
  sort?: ProductSort;
  minPrice?: number;
  maxPrice?: number;
};

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

/** The active categories in the admins' order (index.html asks for them early on the marketplace). */
export const categoriesQuery = queryOptions({
  queryKey: ['catalog', 'categories'],
  queryFn: ({ signal }) => apiFetch<{ items: Category[] }>('/api/catalog/categories', { signal }),
});
