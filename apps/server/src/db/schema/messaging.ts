import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every email and SMS the app sends. A message is written here as 'queued' in the same
 * transaction as the delivery job that sends it, and the job moves it on: 'sent' through a
 * provider (only the envelope is kept then, so codes and links do not linger), 'stored' when no
 * provider is configured (the body stays for admins to read), or 'failed' once every retry failed.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body'),
    status: text('status', { enum: ['queued', 'stored', 'sent', 'failed'] }).notNull(),
    /** The provider that took it, or 'outbox'; null while queued. */
    provider: text('provider'),
    /** Why the last attempt failed. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** When the code or link in it stops working: not sent after that, and its text is dropped. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt), index('outbox_messages_recipient_idx').on(t.recipient)],
);

export type OutboxMessage = typeof outboxMessages.$inferSelect;
