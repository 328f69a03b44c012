import { z } from 'zod';
import {
  TICKET_AUTHOR_ROLES,
  TICKET_CATEGORIES,
  TICKET_MESSAGE_KINDS,
  TICKET_OUTCOMES,
  TICKET_STATUSES,
} from './support-kinds.ts';

export * from './support-kinds.ts';

const optionalId = z.uuid({ error: 'Choose one of your loans or orders from the list.' }).optional();

/** What a customer (or their agent) writes to open a ticket; at most one loan or order it concerns. */
export const openTicketSchema = z
  .object({
    category: z.enum(TICKET_CATEGORIES, { error: 'Choose what the problem is about.' }),
    subject: z
      .string({ error: 'Write a short subject.' })
      .trim()
      .min(3, 'Write a short subject (at least 3 letters).')
      .max(120, 'Keep the subject under 120 characters.'),
    description: z
      .string({ error: 'Say what happened.' })
      .trim()
      .min(10, 'Say what happened in a few words (at least 10 letters).')
      .max(2000, 'Keep the description under 2000 characters.'),
    loanId: optionalId,
    orderId: optionalId,
  })
  .refine((v) => !(v.loanId && v.orderId), {
    message: 'A ticket concerns one loan or one order, not both.',
    path: ['orderId'],
  });
export type OpenTicketInput = z.infer<typeof openTicketSchema>;

export const ticketMessageBodySchema = z
  .string({ error: 'Write a message.' })
  .trim()
  .min(1, 'Write a message.')
  .max(2000, 'Keep the message under 2000 characters.');

export const ticketReplySchema = z.object({ body: ticketMessageBodySchema });

/** What staff write: a reply, a request for information (the customer acts next), or a note for staff only. */
export const staffMessageSchema = z.object({
  kind: z.enum(['reply', 'info_request', 'note']),
  body: ticketMessageBodySchema,
});

export const assignTicketSchema = z.object({
  /** An admin's id, or null to leave the ticket unassigned. */
  assigneeId: z.string().min(1).max(100).nullable(),
});

/**
 * How staff resolve a ticket. A swap moves the ticket's loan to a replacement unit through the
 * loans' swap (free under warranty); a quote states the amount an out-of-warranty fix costs.
 */
export const resolveTicketSchema = z
  .object({
    outcome: z.enum(TICKET_OUTCOMES),
    body: ticketMessageBodySchema,
    newSerial: z.string().trim().min(1).max(64).optional(),
    amount: z.number().int().min(1).max(100_000_000).optional(),
  })
  .refine((v) => v.outcome !== 'quote' || v.amount !== undefined, {
    message: 'A quote states its amount.',
    path: ['amount'],
  });
export type ResolveTicketInput = z.infer<typeof resolveTicketSchema>;

const person = z.object({ id: z.string(), name: z.string().nullable() });

export const ticketSubjectSchema = z.object({
  type: z.enum(['loan', 'order']),
  id: z.string(),
  number: z.string(),
  deviceSerial: z.string().nullable(),
});

export const ticketSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  customer: person,
  openedBy: person.extend({ role: z.enum(TICKET_AUTHOR_ROLES) }),
  assignee: person.nullable(),
  about: ticketSubjectSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  firstResponseAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  reopenUntil: z.string().nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  kind: z.enum(TICKET_MESSAGE_KINDS),
  role: z.enum(TICKET_AUTHOR_ROLES),
  author: person,
  body: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketWarrantySchema = z.object({
  deviceSerial: z.string(),
  warrantyUntil: z.string().nullable(),
  underWarranty: z.boolean(),
});

/** A photo on a ticket; its picture is read from the ticket's photos path with the same access as the ticket. */
export const ticketPhotoSchema = z.object({
  id: z.uuid(),
  uploadedBy: person,
  createdAt: z.string(),
});
export type TicketPhoto = z.infer<typeof ticketPhotoSchema>;

export const ticketSchema = ticketSummarySchema.extend({
  description: z.string(),
  outcome: z.enum(TICKET_OUTCOMES).nullable(),
  quoteAmount: z.number().int().nullable(),
  swapSerial: z.string().nullable(),
  warranty: ticketWarrantySchema.nullable(),
  messages: z.array(ticketMessageSchema),
  photos: z.array(ticketPhotoSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;
