import type { LoanSummary } from '@ecogrid/core/loans';
import type { OrderSummary } from '@ecogrid/core/orders';
import type {
  OpenTicketInput,
  ResolveTicketInput,
  Ticket,
  TicketCategory,
  TicketStatus,
  TicketSummary,
} from '@ecogrid/core/support';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, toSearch } from '@/lib/api-client.ts';
import { uploadFile } from '@/lib/upload.ts';

export type { Ticket, TicketCategory, TicketMessage, TicketStatus, TicketSummary } from '@ecogrid/core/support';
export { TICKET_CATEGORIES, TICKET_STATUSES } from '@ecogrid/core/support-kinds';

const json = { 'content-type': 'application/json' };
const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
  apiFetch<T>(path, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });

/** Whose tickets: the customer's own, or (for an agent) the customers' they serve. */
export type TicketSide = 'customer' | 'agent';
const base = (side: TicketSide) => (side === 'customer' ? '/api/support/tickets' : '/api/agent/support/tickets');
const one = (side: TicketSide, id: string) => `${base(side)}/${encodeURIComponent(id)}`;
const adminPath = (id: string) => `/api/admin/support/tickets/${encodeURIComponent(id)}`;

// Every key starts with 'support': a change to a ticket refetches them all.
export const myTicketsQuery = (side: TicketSide = 'customer') =>
  queryOptions({
    queryKey: ['support', side, 'list'],
    queryFn: ({ signal }) => apiFetch<{ items: TicketSummary[] }>(base(side), { signal }),
    select: (answer) => answer.items,
    staleTime: 30_000,
  });

export const ticketQuery = (id: string, side: TicketSide = 'customer') =>
  queryOptions({
    queryKey: ['support', side, 'one', id],
    queryFn: ({ signal }) => apiFetch<Ticket>(one(side, id), { signal }),
    staleTime: 15_000,
  });

/** What a ticket can be about: the customer's loans and orders, named by number. */
export const ticketChoicesQuery = queryOptions({
  queryKey: ['support', 'choices'],
  queryFn: async ({ signal }) => {
    const [loans, orders] = await Promise.all([
      apiFetch<{ loans: LoanSummary[] }>('/api/loans', { signal }),
      apiFetch<{ items: OrderSummary[] }>(`/api/orders${toSearch({ limit: 50 })}`, { signal }),
    ]);
    return { loans: loans.loans, orders: orders.items };
  },
  staleTime: 60_000,
});

/** Opens a ticket for the caller, or (an agent) for their customer; the key makes a retry open it once. */
export const openTicket = (input: OpenTicketInput, idempotencyKey: string, customerId?: string) =>
  post<Ticket>(
    customerId ? `/api/agent/customers/${encodeURIComponent(customerId)}/support/tickets` : base('customer'),
    input,
    { 'Idempotency-Key': idempotencyKey },
  );

export const replyToTicket = (id: string, body: string, side: TicketSide = 'customer') =>
  post<Ticket>(`${one(side, id)}/messages`, { body });

/** Adds a photo (multipart, with progress) to an open ticket of the customer's or their agent's. */
export const addTicketPhoto = (
  id: string,
  side: TicketSide,
  upload: Blob,
  name: string,
  onProgress: (fraction: number) => void,
) => uploadFile<Ticket>(`${one(side, id)}/photos`, upload, onProgress, { name });

/** Where a ticket's photo is read, by its customer, their agent or staff (the session's cookie goes with it). */
export const ticketPhotoUrl = (side: TicketSide | 'staff', ticketId: string, photoId: string) =>
  `${side === 'staff' ? adminPath(ticketId) : one(side, ticketId)}/photos/${encodeURIComponent(photoId)}`;

export const reopenTicket = (id: string, body: string) => post<Ticket>(`${one('customer', id)}/reopen`, { body });

/** The staff queue's filters, as the address keeps them. */
export type QueueFilter = { status?: TicketStatus; category?: TicketCategory; assignee?: string };

export const ticketQueueQuery = (filter: QueueFilter) =>
  queryOptions({
    queryKey: ['support', 'queue', filter],
    queryFn: ({ signal }) =>
      apiFetch<{ items: TicketSummary[] }>(`/api/admin/support/tickets${toSearch(filter)}`, { signal }),
    select: (answer) => answer.items,
    staleTime: 15_000,
  });

export const adminTicketQuery = (id: string) =>
  queryOptions({
    queryKey: ['support', 'admin', id],
    queryFn: ({ signal }) => apiFetch<Ticket>(adminPath(id), { signal }),
    staleTime: 15_000,
  });

/** The admins a ticket can be given to, and the caller among them. */
export const supportStaffQuery = queryOptions({
  queryKey: ['support', 'staff'],
  queryFn: ({ signal }) =>
    apiFetch<{ me: string; staff: { id: string; name: string | null }[] }>('/api/admin/support/staff', { signal }),
  staleTime: 5 * 60_000,
});

export const assignTicket = (id: string, assigneeId: string | null) =>
  post<Ticket>(`${adminPath(id)}/assignee`, { assigneeId });

export const writeOnTicket = (id: string, kind: 'reply' | 'info_request' | 'note', body: string) =>
  post<Ticket>(`${adminPath(id)}/messages`, { kind, body });

export const resolveTicket = (id: string, input: ResolveTicketInput, idempotencyKey: string) =>
  post<Ticket>(`${adminPath(id)}/resolution`, input, { 'Idempotency-Key': idempotencyKey });

/** How to reach a person: the support number (call, SMS, WhatsApp) and the USSD code, each null when unset. */
export const contactsQuery = queryOptions({
  queryKey: ['support', 'contacts'],
  queryFn: ({ signal }) =>
    apiFetch<{ phone: string | null; ussdCode: string | null }>('/api/support/contacts', { signal }),
  staleTime: 60 * 60_000,
});
