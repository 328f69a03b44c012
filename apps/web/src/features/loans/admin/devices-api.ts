import type { Device, DeviceProduct, DeviceStatus, DeviceToken, IssuedToken } from '@ecogrid/core/devices';
import type { OpenPaygoTokenType } from '@ecogrid/core/openpaygo';
import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';
import { PAGE_SIZE, type Page } from '@/lib/paged-query.ts';

export { DEVICE_STATUSES } from '@ecogrid/core/devices';
export type { Device, DeviceProduct, DeviceStatus, DeviceToken, IssuedToken };

export type DeviceFilters = {
  serial?: string | undefined;
  status?: DeviceStatus | undefined;
  productId?: string | undefined;
};

/** The registry's columns, as the import expects them (the last three may be left out). */
export const DEVICE_FILE_COLUMNS = [
  'serial_number',
  'product_sku',
  'starting_code',
  'secret_key',
  'time_divider',
  'restricted_digit_set',
  'token_count',
] as const;
/** The largest file the server takes. */
export const MAX_DEVICE_FILE_BYTES = 2 * 1024 * 1024;

/** A manufacturer's file or a hand-issued token changes a device: fresh for 30 s. */
const FRESH_MS = 30_000;
const LIST_KEY = ['admin', 'devices'] as const;
const tokensKey = (id: string) => ['admin', 'devices', id, 'tokens'] as const;

/** Devices by serial number, a page at a time. */
export const devicesQuery = (filters: DeviceFilters) =>
  infiniteQueryOptions({
    queryKey: [...LIST_KEY, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<Device>>(`/api/admin/devices${toSearch({ ...filters, limit: PAGE_SIZE, after: pageParam })}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: FRESH_MS,
    refetchOnMount: true,
    placeholderData: keepPreviousData,
  });

/** The products devices are registered for, to filter the registry by. */
export const deviceProductsQuery = queryOptions({
  queryKey: [...LIST_KEY, 'products'],
  queryFn: ({ signal }) =>
    apiFetch<{ items: DeviceProduct[] }>('/api/admin/devices/products', { signal }).then((body) => body.items),
  staleTime: FRESH_MS,
  refetchOnMount: true,
});

/** A device's tokens, oldest count first. */
export const deviceTokensQuery = (id: string) =>
  queryOptions({
    queryKey: tokensKey(id),
    queryFn: ({ signal }) =>
      apiFetch<{ items: DeviceToken[] }>(`/api/admin/devices/${encodeURIComponent(id)}/tokens`, { signal }).then(
        (body) => body.items,
      ),
    staleTime: FRESH_MS,
    refetchOnMount: true,
  });

/** Sends a manufacturer's CSV file as it is: the server checks every line and imports all or nothing. */
export const importDevices = (csv: string) =>
  apiFetch<{ imported: number }>('/api/admin/devices/import', {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });

export type TokenRequest = { type: OpenPaygoTokenType; days?: number | undefined; reason: string };

/** Issues a token by hand; the same key sent again returns the same token. */
export const issueDeviceToken = (id: string, request: TokenRequest, idempotencyKey: string) =>
  apiFetch<IssuedToken>(`/api/admin/devices/${encodeURIComponent(id)}/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(request),
  });

export const devicesKey = LIST_KEY;
export { tokensKey as deviceTokensKey };

/** Puts a unit back from a customer (returned, or refurbished) in stock. */
export const restockDevice = (deviceId: string) =>
  apiFetch<{ status: 'in_stock' }>(`/api/admin/devices/${encodeURIComponent(deviceId)}/restock`, { method: 'POST' });

/** After a unit changes, the registry is fetched again. */
export const refetchDevices = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: LIST_KEY });
