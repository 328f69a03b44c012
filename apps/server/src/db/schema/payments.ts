import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '@ecogrid/core/payments';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A payment in or out: by wallet, or by mobile money through MTN or Airtel. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    phone: text('phone'),
    /** 'collection' (money in) or 'disbursement' (money out), for mobile-money payments. */
    direction: text('direction', { enum: ['collection', 'disbursement'] }).notNull(),
    /** The id we gave the network (MTN's X-Reference-Id, Airtel's transaction id). */
    providerReference: text('provider_reference'),
    /** The network's own id once it has one (MTN financialTransactionId, Airtel airtel_money_id). */
    providerTransactionId: text('provider_transaction_id'),
    failureReason: text('failure_reason'),
    orderId: uuid('order_id'),
    /** The loan a deposit or repayment pays. */
    loanId: uuid('loan_id'),
    /** The agent who took the money in cash, for a cash payment. */
    collectedBy: text('collected_by').references(() => users.id, { onDelete: 'restrict' }),
    /** The payment this one refunds, when it is a refund. */
    refundOf: uuid('refund_of'),
    /** The caller's Idempotency-Key: one payment per user and key. */
    idempotencyKey: text('idempotency_key'),
    /** For payments made in one statement with their key (wallet payments): what the request asked, so the key cannot be reused for another. */
    requestHash: text('request_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_mobile_has_phone', sql`${t.method} in ('wallet', 'cash') or ${t.phone} is not null`),
    check('payments_cash_has_collector', sql`(${t.method} = 'cash') = (${t.collectedBy} is not null)`),
    index('payments_collector_idx')
      .on(t.collectedBy, t.createdAt)
      .where(sql`${t.collectedBy} is not null`),
    uniqueIndex('payments_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('payments_loan_idx')
      .on(t.loanId, t.createdAt)
      .where(sql`${t.loanId} is not null`),
    uniqueIndex('payments_one_refund')
      .on(t.refundOf)
      .where(sql`${t.refundOf} is not null`),
    uniqueIndex('payments_provider_reference')
      .on(t.providerReference)
      .where(sql`${t.providerReference} is not null`),
  ],
);

/** A payment's history: requests, callbacks, status checks, changes and admin actions. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** 'created', 'requested', 'request_failed', 'callback', 'status_check', 'settled', 'ignored', 'admin' … */
    kind: text('kind').notNull(),
    /** The status after this event. */
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    actorId: text('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.id)],
);

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
