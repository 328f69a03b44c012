import type {
  AdminCategory,
  AdminProduct,
  CategoryCreate,
  ProductCreate,
  ProductDetail,
  ProductUpdate,
  StockAdjusted,
  StockAdjustment,
  StockMovement,
} from '@ecogrid/core/catalog-admin';
import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';
import { uploadFile } from '@/lib/upload.ts';
import { PAGE_SIZE, type Page } from '@/lib/paged-query.ts';

export type {
  AdminCategory,
  AdminProduct,
  CatalogAudit,
  ProductDetail,
  StockMovement,
} from '@ecogrid/core/catalog-admin';

const BASE = '/api/admin/catalog';
/** Catalogue screens change while an admin works (another admin, an order taking stock): fresh for 30 s. */
const FRESH_MS = 30_000;

export type ProductFilters = { q: string; category?: string | undefined; active?: 'true' | 'false' | undefined };

export const adminProductsQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'catalog', 'products', filters],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<AdminProduct>>(
        `${BASE}/products${toSearch({ q: filters.q || undefined, category: filters.category, active: filters.active, limit: PAGE_SIZE, cursor: pageParam })}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: FRESH_MS,
    refetchOnMount: true,
    placeholderData: keepPreviousData,
  });

export const adminProductQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'catalog', 'product', id],
    queryFn: ({ signal }) => apiFetch<ProductDetail>(`${BASE}/products/${encodeURIComponent(id)}`, { signal }),
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });

export const stockMovementsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'catalog', 'movements', id],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<StockMovement>>(
        `${BASE}/products/${encodeURIComponent(id)}/stock-movements${toSearch({ cursor: pageParam })}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });

export const adminCategoriesQuery = queryOptions({
  queryKey: ['admin', 'catalog', 'categories'],
  queryFn: ({ signal }) => apiFetch<{ items: AdminCategory[] }>(`${BASE}/categories`, { signal }),
  staleTime: FRESH_MS,
  refetchOnMount: true,
});

/** After any change: the back office's lists and the shop's own catalogue (this tab's copy). */
export const refreshCatalogue = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin', 'catalog'] }),
    queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  ]);

const send = <T>(method: string, path: string, body?: unknown, idempotencyKey?: string) =>
  apiFetch<T>(`${BASE}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const product = (id: string, rest = '') => `/products/${encodeURIComponent(id)}${rest}`;

export const createProduct = (input: ProductCreate, idempotencyKey: string) =>
  send<AdminProduct>('POST', '/products', input, idempotencyKey);
export const updateProduct = (id: string, change: ProductUpdate) => send<AdminProduct>('PATCH', product(id), change);
export const setProductActive = (id: string, active: boolean) =>
  send<AdminProduct>('POST', product(id, active ? '/reactivate' : '/deactivate'));
export const adjustStock = (id: string, adjustment: StockAdjustment, idempotencyKey: string) =>
  send<StockAdjusted>('POST', product(id, '/stock-adjustments'), adjustment, idempotencyKey);
export const removeImage = (id: string, url: string) =>
  send<AdminProduct>('DELETE', product(id, `/images${toSearch({ url })}`));
export const makeMainImage = (id: string, url: string) =>
  send<AdminProduct>('POST', product(id, '/images/main'), { url });

export const createCategory = (input: CategoryCreate) => send<AdminCategory>('POST', '/categories', input);
export const updateCategory = (slug: string, change: { name?: string; position?: number }) =>
  send<AdminCategory>('PATCH', `/categories/${encodeURIComponent(slug)}`, change);
export const reorderCategories = (slugs: string[]) =>
  send<{ items: AdminCategory[] }>('PUT', '/categories/order', { slugs });
export const setCategoryActive = (slug: string, active: boolean) =>
  send<AdminCategory>('POST', `/categories/${encodeURIComponent(slug)}/${active ? 'reactivate' : 'deactivate'}`);

/** Uploads one picture with progress; the server then checks and resizes it before it answers. */
export const uploadImage = (id: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) =>
  uploadFile<AdminProduct>(`${BASE}${product(id, '/images')}`, file, onProgress, { signal });
