import type {
  Campaign,
  CampaignChoices,
  CampaignListItem,
  CampaignPreview,
  CampaignSettings,
  NewCampaign,
} from '@ecogrid/core/campaigns';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';
import { FRESH_MS, pages } from '@/lib/paged-query.ts';

export type {
  Campaign,
  CampaignChoices,
  CampaignListItem,
  CampaignPreview,
  CampaignSettings,
  NewCampaign,
} from '@ecogrid/core/campaigns';

const BASE = '/api/admin/campaigns';
const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const campaignsQuery = () => pages<CampaignListItem>(['admin', 'campaigns'], BASE, {});

export const campaignChoicesQuery = queryOptions({
  queryKey: ['admin', 'campaigns', 'choices'],
  queryFn: ({ signal }) => apiFetch<CampaignChoices>(`${BASE}/choices`, { signal }),
  staleTime: FRESH_MS,
});

export const campaignSettingsQuery = queryOptions({
  queryKey: ['admin', 'campaigns', 'settings'],
  queryFn: ({ signal }) => apiFetch<CampaignSettings>(`${BASE}/settings`, { signal }),
  staleTime: FRESH_MS,
});

/** While a campaign is sending its counts change: it is read again every 3 s until it is sent. */
export const campaignQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'campaigns', id],
    queryFn: ({ signal }) => apiFetch<Campaign>(`${BASE}/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 3_000 : false),
  });

export const campaignPreviewQuery = (id: string, cursor?: string) =>
  queryOptions({
    queryKey: ['admin', 'campaigns', id, 'preview', cursor ?? null],
    queryFn: ({ signal }) =>
      apiFetch<CampaignPreview>(`${BASE}/${encodeURIComponent(id)}/preview${toSearch({ cursor })}`, { signal }),
    staleTime: 0,
  });

export const createCampaign = (draft: NewCampaign) => apiFetch<Campaign>(BASE, json('POST', draft));
export const sendCampaign = (id: string) =>
  apiFetch<Campaign>(`${BASE}/${encodeURIComponent(id)}/send`, json('POST', {}));
export const saveCampaignSettings = (settings: CampaignSettings) =>
  apiFetch<CampaignSettings>(`${BASE}/settings`, json('PUT', settings));
