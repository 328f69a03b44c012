import type {
  AdminCategory,
  AdminProduct,
  CatalogAudit,
  CategoryCreate,
  ProductCreate,
  ProductUpdate,
  StockAdjustment,
  StockMovement,
} from '@ecogrid/core/catalog-admin';
import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, toSearch } from '@/lib/api-client.ts';
import { PAGE_SIZE, type Page } from './api.ts';

export type { AdminCategory, AdminProduct, CatalogAudit, StockMovement } from '@ecogrid/core/catalog-admin';

const BASE = '/api/admin/catalog';
/** Catalogue screens change while an admin works (another admin, an order taking stock): fresh for 30 s. */
const FRESH_MS = 30_000;

export type ProductFilters = { q: string; category?: string | undefined; active?: 'true' | 'false' | undefined };

export type ProductDetail = {
  product: AdminProduct;
  movements: Page<StockMovement>;
  audit: CatalogAudit[];
};

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
  send<{ product: AdminProduct; movementId: number }>(
    'POST',
    product(id, '/stock-adjustments'),
    adjustment,
    idempotencyKey,
  );
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

/**
 * Uploads one picture with progress (fetch cannot report an upload's progress; XMLHttpRequest
 * can). `onProgress` gets 0 to 1 as the bytes leave the phone; the server then checks and
 * resizes the picture before it answers.
 */
export function uploadImage(
  id: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<AdminProduct> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${BASE}${product(id, '/images')}`);
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's error page): the status says enough.
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as AdminProduct);
      const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
      reject(
        new ApiError(
          request.status,
          error?.code ?? 'http_error',
          error?.message ?? `The request failed (${request.status}).`,
        ),
      );
    };
    const offline = () =>
      reject(new ApiError(0, 'network_error', 'Could not reach EcoGrid. Check your connection and try again.'));
    request.onerror = offline;
    request.ontimeout = offline;
    request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
