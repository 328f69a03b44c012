import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every email and SMS the app sends. A message is written here as 'queued' in the same
 * transaction as the delivery job that sends it, and the job moves it on: 'sent' through a
 * provider (only the envelope is kept then, so codes and links do not linger), 'stored' when no
 * provider is configured (the body stays for admins to read), or 'failed' once every retry failed.
 * An SMS the provider took then gets the network's delivery reports (`delivery`).
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
    /**
     * What the message carries, so one whose text was dropped can still be told apart and, for a
     * device token, written again from the token record (`reference` is the token's id).
     */
    purpose: text('purpose', { enum: ['code', 'token', 'receipt', 'reminder', 'other'] })
      .notNull()
      .default('other'),
    reference: text('reference'),
    /** The provider's id for an SMS it took (Africa's Talking's messageId), matched by its delivery reports. */
    providerMessageId: text('provider_message_id'),
    /** What the network last reported: pending, delivered, or failed (with `deliveryReason`); null before any. */
    delivery: text('delivery', { enum: ['pending', 'delivered', 'failed'] }),
    deliveryReason: text('delivery_reason'),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }),
    /** The message this one sends again (the first of the chain), and how many automatic retries came before it. */
    retryOf: uuid('retry_of'),
    retryNumber: integer('retry_number').notNull().default(0),
    /** When the code or link in it stops working: not sent after that, and its text is dropped. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_created_idx').on(t.createdAt),
    index('outbox_messages_recipient_idx').on(t.recipient),
    index('outbox_messages_provider_message_idx').on(t.providerMessageId),
  ],
);

export type OutboxMessage = typeof outboxMessages.$inferSelect;
