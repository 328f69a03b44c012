import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in mobile-money sandbox's own records: what a network would hold about each
 * request it received. Kept in the database so every app process sees the same sandbox.
 */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    /** MTN's X-Reference-Id or Airtel's transaction id. */
    id: text('id').primaryKey(),
    network: text('network', { enum: ['mtn', 'airtel'] }).notNull(),
    kind: text('kind', { enum: ['collection', 'disbursement'] }).notNull(),
    msisdn: text('msisdn').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    externalId: text('external_id'),
    callbackUrl: text('callback_url'),
    scenario: text('scenario').notNull(),
    /** MTN's words: PENDING, SUCCESSFUL, FAILED. */
    status: text('status', { enum: ['PENDING', 'SUCCESSFUL', 'FAILED'] }).notNull(),
    reason: text('reason'),
    financialTransactionId: text('financial_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_transactions_created_idx').on(t.createdAt)],
);
