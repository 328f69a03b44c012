import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { FRESH_MS } from '@/lib/paged-query.ts';

export const SUPPORT_STATUSES = ['open', 'handled'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export type SupportTopic = 'payment' | 'device' | 'loan' | 'order' | 'other';

type Person = { id: string; name: string | null };

/** A customer's call-back request, as the admin API answers it. */
export type SupportRequest = {
  id: string;
  customerId: string;
  customerName: string | null;
  customerPhone: string | null;
  agent: Person | null;
  channel: 'ussd';
  topic: SupportTopic;
  status: SupportStatus;
  createdAt: string;
  handledBy: Person | null;
  handledAt: string | null;
  handledNote: string | null;
};

export const supportRequestsQuery = (status: SupportStatus) =>
  queryOptions({
    queryKey: ['admin', 'support-requests', status],
    queryFn: ({ signal }) =>
      apiFetch<{ items: SupportRequest[] }>(`/api/admin/support-requests?status=${status}`, { signal }).then(
        (answer) => answer.items,
      ),
    staleTime: FRESH_MS,
  });

/** Records that the admin called the customer back; asking again for one they handled changes nothing. */
export const markHandled = (id: string, note: string) =>
  apiFetch<SupportRequest>(`/api/admin/support-requests/${encodeURIComponent(id)}/handled`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(note ? { note } : {}),
  });
