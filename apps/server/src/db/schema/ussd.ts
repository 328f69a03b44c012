import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A customer who has dialled the USSD menu: the session in which they chose their language
 * (that session's first answer is the choice, so its steps replay the same way), their PIN's
 * hash and wrong tries, and the SMS code that sets a new PIN (hashed, expiring).
 */
export const ussdCallers = pgTable(
  'ussd_callers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstSessionId: text('first_session_id').notNull(),
    pinHash: text('pin_hash'),
    pinTries: integer('pin_tries').notNull().default(0),
    // The session whose wrong PIN was counted last: a gateway's retry of that step counts once.
    pinTriedIn: text('pin_tried_in'),
    lockedUntil: stamp('locked_until'),
    codeHash: text('code_hash'),
    codeExpiresAt: stamp('code_expires_at'),
    codeTries: integer('code_tries').notNull().default(0),
    codeSessionId: text('code_session_id'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [check('ussd_callers_tries', sql`${t.pinTries} >= 0 and ${t.codeTries} >= 0`)],
);

export const SUPPORT_TOPICS = ['payment', 'device', 'loan', 'order', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

/**
 * A customer asked to be contacted; admins and the customer's agent are told. One per USSD
 * session. An admin who has called back marks it handled, with when and an optional note.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['ussd'] }).notNull(),
    sessionId: text('session_id').unique(),
    topic: text('topic', { enum: SUPPORT_TOPICS }).notNull(),
    status: text('status', { enum: ['open', 'handled'] })
      .notNull()
      .default('open'),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: stamp('handled_at'),
    handledNote: text('handled_note'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('support_requests_status_created_idx').on(t.status, t.createdAt),
    check('support_requests_handled', sql`(${t.status} = 'handled') = (${t.handledAt} is not null)`),
  ],
);
