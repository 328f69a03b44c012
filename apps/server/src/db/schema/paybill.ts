import { PAYBILL_OUTCOMES } from '@ecogrid/core/paybill';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every paybill (customer-to-business) notification received, once per network transaction:
 * what arrived, and what became of it (applied to a loan, wallet or order; held for an admin;
 * assigned or returned by one; or not money at all).
 */
export const paybillReceipts = pgTable(
  'paybill_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The aggregator's transaction id: a second delivery of the same notification finds this row. */
    transactionId: text('transaction_id').notNull().unique(),
    /** The network's own reference (the MTN or Airtel transaction id the payer's SMS shows). */
    providerRefId: text('provider_ref_id'),
    provider: text('provider').notNull(),
    network: text('network', { enum: ['mtn', 'airtel'] }),
    payerPhone: text('payer_phone').notNull(),
    /** What the payer typed as the account number, as it arrived. */
    account: text('account').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    outcome: text('outcome', { enum: PAYBILL_OUTCOMES }).notNull(),
    /** Why it is held or ignored, as a code the admin screen explains. */
    reason: text('reason'),
    /** The payment that applied it, once it is applied or assigned. */
    paymentId: uuid('payment_id'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: stamp('decided_at'),
    returnReason: text('return_reason'),
    notification: jsonb('notification').$type<Record<string, unknown>>().notNull(),
    paidAt: stamp('paid_at').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('paybill_receipts_amount_not_negative', sql`${t.amount} >= 0`),
    index('paybill_receipts_held_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.outcome} = 'held'`),
  ],
);

export type PaybillReceiptRow = typeof paybillReceipts.$inferSelect;
