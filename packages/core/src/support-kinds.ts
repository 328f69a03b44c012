// The words of support tickets, without zod: the database schema reads them, and a zod schema made
// before the OpenAPI extension loads (as the schema is) would lack `.openapi`.

/** What a support ticket is about. */
export const TICKET_CATEGORIES = ['device_fault', 'payment', 'delivery', 'account', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** open: support acts next; waiting_on_customer: support asked for something; resolved: done (reopenable for a while). */
export const TICKET_STATUSES = ['open', 'waiting_on_customer', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A note is for staff only; the customer and their agent never see it. */
export const TICKET_MESSAGE_KINDS = ['reply', 'info_request', 'note', 'resolution'] as const;
export type TicketMessageKind = (typeof TICKET_MESSAGE_KINDS)[number];

export const TICKET_AUTHOR_ROLES = ['customer', 'agent', 'staff'] as const;
export type TicketAuthorRole = (typeof TICKET_AUTHOR_ROLES)[number];

/** How a ticket was settled: a device fault by a swap, a repair or a quote; anything else by an answer. */
export const TICKET_OUTCOMES = ['answer', 'repair', 'swap', 'quote'] as const;
export type TicketOutcome = (typeof TICKET_OUTCOMES)[number];

/** Days after resolution in which the customer may reopen a ticket. */
export const REOPEN_DAYS = 14;

/** Photos a ticket may hold (of the fault, a receipt, the unit's label), and the largest upload. */
export const TICKET_PHOTO_LIMIT = 5;
export const TICKET_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** What a ticket photo may be sent as; it is kept as a JPEG without metadata. */
export const TICKET_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
