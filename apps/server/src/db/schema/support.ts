import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  TICKET_AUTHOR_ROLES,
  TICKET_CATEGORIES,
  TICKET_MESSAGE_KINDS,
  TICKET_OUTCOMES,
  TICKET_STATUSES,
} from '@ecogrid/core/support-kinds';
import { users } from './auth.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Ticket numbers people can read out on the phone: TKT-100001, TKT-100002, … */
export const supportTicketNumbers = pgSequence('support_ticket_numbers', { startWith: 100001 });

/**
 * A customer's problem, opened by them or their agent, about at most one of their loans or
 * orders (their ids, checked through those features when the ticket is opened). A resolved
 * ticket may be reopened until reopen_until (resolved_at + 14 days).
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number')
      .notNull()
      .unique()
      .default(sql`'TKT-' || nextval('support_ticket_numbers')`),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    openedBy: text('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    openedByRole: text('opened_by_role', { enum: ['customer', 'agent'] }).notNull(),
    category: text('category', { enum: TICKET_CATEGORIES }).notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    loanId: uuid('loan_id'),
    orderId: uuid('order_id'),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    firstResponseAt: stamp('first_response_at'),
    resolvedAt: stamp('resolved_at'),
    reopenUntil: stamp('reopen_until'),
    outcome: text('outcome', { enum: TICKET_OUTCOMES }),
    quoteAmount: bigint('quote_amount', { mode: 'number' }),
    swapSerial: text('swap_serial'),
    reopenCount: integer('reopen_count').notNull().default(0),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_customer_idx').on(t.customerId, t.createdAt),
    // The staff queue: by status, oldest first.
    index('support_tickets_queue_idx').on(t.status, t.createdAt),
    check('support_tickets_one_subject', sql`${t.loanId} is null or ${t.orderId} is null`),
    check(
      'support_tickets_resolved',
      sql`(${t.status} = 'resolved') = (${t.resolvedAt} is not null and ${t.reopenUntil} is not null and ${t.outcome} is not null)`,
    ),
    check('support_tickets_quote', sql`${t.quoteAmount} is null or ${t.quoteAmount} > 0`),
  ],
);

/** The conversation on a ticket, oldest first; notes are for staff only. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    role: text('role', { enum: TICKET_AUTHOR_ROLES }).notNull(),
    kind: text('kind', { enum: TICKET_MESSAGE_KINDS }).notNull(),
    body: text('body').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * A photo on a ticket (the fault, a receipt, the unit's label), by the customer, their agent or
 * staff. The picture is in file storage under storage_key, re-encoded as a JPEG without metadata.
 */
export const supportTicketPhotos = pgTable(
  'support_ticket_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_ticket_photos_ticket_idx').on(t.ticketId, t.createdAt)],
);
