import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every email and SMS the app sends. Without SMTP or an SMS provider configured, the message
 * stays here (status 'stored') for admins to read; once sent through a provider only the
 * envelope is kept (no body), so codes and links do not linger in the database.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body'),
    status: text('status', { enum: ['stored', 'sent', 'failed'] }).notNull(),
    provider: text('provider').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt), index('outbox_messages_recipient_idx').on(t.recipient)],
);

export type OutboxMessage = typeof outboxMessages.$inferSelect;
