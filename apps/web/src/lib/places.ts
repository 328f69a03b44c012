import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';

/** A district, sub-county or village of Uganda's administrative units. */
export type Place = { id: string; name: string };

// Uganda's districts, sub-counties and villages never change while the app runs.
const places = (key: readonly unknown[], path: string, enabled = true) =>
  queryOptions({
    queryKey: ['places', ...key],
    queryFn: ({ signal }) => apiFetch<{ items: Place[] }>(path, { signal }).then((body) => body.items),
    staleTime: Infinity,
    enabled,
  });
export const districtsQuery = places(['districts'], '/api/places/districts');
export const subCountiesQuery = (districtId: string) =>
  places(
    ['sub-counties', districtId],
    `/api/places/districts/${encodeURIComponent(districtId)}/sub-counties`,
    Boolean(districtId),
  );
export const villagesQuery = (subCountyId: string) =>
  places(
    ['villages', subCountyId],
    `/api/places/sub-counties/${encodeURIComponent(subCountyId)}/villages`,
    Boolean(subCountyId),
  );
