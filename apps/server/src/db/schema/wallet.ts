import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** The kinds of ledger account (DESIGN.md, Money): wallets hold people's money; the rest are the business's books. */
export const LEDGER_ACCOUNT_KINDS = [
  'customer_wallet',
  'agent_wallet',
  /** Cash an agent has collected and not yet handed over: owed to the company (code 'cash:<agent id>'). */
  'agent_cash',
  /** Agents' cash handed over at the office ('cash:office') and paid into the bank ('bank:deposits'). */
  'office_cash',
  'bank',
  'mobile_money_clearing',
  'payouts_in_flight',
  'sales_revenue',
  'loans_receivable',
  'commission_expense',
  'refunds',
  /** Receivables written off ('expense:bad-debt'), and money received on them later ('income:recoveries'). */
  'bad_debt_expense',
  'recoveries',
  /** Fees added to loans after the sale ('income:loan-fees'), and early-payoff discounts ('expense:discounts'). */
  'fee_income',
  'discounts',
  /** Paybill money no one is known to be owed yet ('suspense:paybill'), and money owed back to payers ('payable:refunds'). */
  'suspense',
  'refunds_payable',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * One account of the double-entry ledger. `balance` is the sum of its postings, kept in the
 * same transaction as they are written; a wallet's may never go below zero (a constraint, so no
 * code path can get round it).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'wallet:<user id>', 'clearing:mtn', 'revenue:sales', … */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'restrict' }),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_wallet_not_negative', sql`${t.kind} not in ('customer_wallet', 'agent_wallet') or ${t.balance} >= 0`),
    check(
      'ledger_wallet_has_owner',
      sql`(${t.kind} in ('customer_wallet', 'agent_wallet')) = (${t.userId} is not null)`,
    ),
    uniqueIndex('ledger_one_wallet_per_user').on(t.userId),
    // The business's accounts by kind (agents' cash held) without reading every wallet.
    index('ledger_accounts_kind_idx').on(t.kind),
  ],
);

/**
 * A journal transaction: postings that sum to zero (checked by the database when the
 * transaction commits). Never updated or deleted: a mistake is put right by a reversing one.
 */
export const journalTransactions = pgTable(
  'journal_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One movement per key: applying the same thing twice finds the first. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** What it was for: 'wallet_topup', 'payout', 'payout_reversal', 'order', 'refund', … */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    paymentId: uuid('payment_id'),
    reversesId: uuid('reverses_id'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('journal_payment_idx').on(t.paymentId),
    index('journal_created_idx').on(t.createdAt, t.id),
    // The system log of one person's money movements, newest first.
    index('journal_created_by_idx').on(t.createdBy, t.createdAt, t.id),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => journalTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Positive adds to the account, negative takes from it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The account's balance just after this posting: a statement's running balance. */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_posting_not_zero', sql`${t.amount} <> 0`),
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_transaction_idx').on(t.transactionId),
  ],
);

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type JournalTransaction = typeof journalTransactions.$inferSelect;
export type LedgerPosting = typeof ledgerPostings.$inferSelect;
