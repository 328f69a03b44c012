import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { loans } from './loans.ts';
import { orders } from './orders.ts';
import { payments } from './payments.ts';
import { journalTransactions } from './wallet.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An agent asks to act for a customer; the customer agrees by reading back the code sent to
 * their phone. Only the code's hash is kept.
 */
export const agentConsentCodes = pgTable(
  'agent_consent_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('agent_consent_codes_pair_idx').on(t.agentId, t.customerId, t.createdAt)],
);

/** Customers an agent serves, with the consent that lets the agent act for them until it expires. */
export const agentCustomers = pgTable(
  'agent_customers',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }).notNull(),
    consentExpiresAt: timestamp('consent_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.customerId] }), index('agent_customers_customer_idx').on(t.customerId)],
);

/**
 * What admins set for an agent beyond the profile's code and commission rate: the districts they
 * serve and the most cash they may hold before handing it over (UGX).
 */
export const agentProfiles = pgTable(
  'agent_profiles',
  {
    agentId: text('agent_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    districts: text('districts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cashLimit: bigint('cash_limit', { mode: 'number' }).notNull().default(500000),
    updatedBy: text('updated_by'),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [check('agent_profiles_cash_limit', sql`${t.cashLimit} >= 0`)],
);

/** An agent's targets for one month (the month's first day), set by admins. */
export const agentTargets = pgTable(
  'agent_targets',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    salesTarget: bigint('sales_target', { mode: 'number' }).notNull().default(0),
    collectionsTarget: bigint('collections_target', { mode: 'number' }).notNull().default(0),
    setBy: text('set_by'),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.month] }),
    check('agent_targets_amounts', sql`${t.salesTarget} >= 0 and ${t.collectionsTarget} >= 0`),
  ],
);

/**
 * Commission earned on one payment of an order or loan an agent sold, at the rate of the sale;
 * posted from commission expense to the agent's wallet in the payment's transaction, and
 * reversed (once) when the payment is refunded.
 */
export const agentCommissions = pgTable(
  'agent_commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    loanId: uuid('loan_id').references(() => loans.id, { onDelete: 'restrict' }),
    base: bigint('base', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journalTransactions.id),
    reversalJournalId: uuid('reversal_journal_id').references(() => journalTransactions.id),
    reversedAt: stamp('reversed_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('agent_commissions_agent_idx').on(t.agentId, t.createdAt),
    index('agent_commissions_created_idx').on(t.createdAt),
    index('agent_commissions_reversed_idx')
      .on(t.agentId, t.reversedAt)
      .where(sql`${t.reversedAt} is not null`),
    check('agent_commissions_amounts', sql`${t.amount} >= 0 and ${t.base} > 0 and ${t.rateBp} between 0 and 10000`),
  ],
);

/** Cash an agent handed over to the company (in cash or by bank deposit), recorded by an admin. */
export const agentHandovers = pgTable(
  'agent_handovers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['cash', 'bank_deposit'] }).notNull(),
    reference: text('reference'),
    note: text('note'),
    recordedBy: text('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journalTransactions.id),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('agent_handovers_agent_idx').on(t.agentId, t.createdAt),
    check('agent_handovers_amount', sql`${t.amount} > 0`),
    check('agent_handovers_reference', sql`${t.method} = 'cash' or ${t.reference} is not null`),
  ],
);

/**
 * A customer an agent registered in the field: kept as a lead until the customer reads back the
 * SMS code (their consent), then an account. `clientKey` is made on the agent's phone, so a lead
 * queued offline and sent twice is one lead.
 */
export const agentLeads = pgTable(
  'agent_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    district: text('district').notNull(),
    subCounty: text('sub_county').notNull(),
    village: text('village').notNull(),
    preferredLanguage: text('preferred_language').notNull(),
    nationalId: text('national_id'),
    status: text('status', { enum: ['waiting_code', 'registered', 'existing_customer'] })
      .notNull()
      .default('waiting_code'),
    customerId: text('customer_id').references(() => users.id, { onDelete: 'set null' }),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    codeExpiresAt: stamp('code_expires_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    recordedAt: stamp('recorded_at').notNull(),
    confirmedAt: stamp('confirmed_at'),
  },
  (t) => [
    uniqueIndex('agent_leads_client_key').on(t.agentId, t.clientKey),
    index('agent_leads_agent_idx').on(t.agentId, t.createdAt),
  ],
);

/**
 * An agent's note of a visit or call to a customer, with an optional promise to pay (an amount
 * by a date). Written offline too: `clientKey` is made on the phone.
 */
export const agentVisitNotes = pgTable(
  'agent_visit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: text('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loanId: uuid('loan_id').references(() => loans.id, { onDelete: 'set null' }),
    clientKey: text('client_key').notNull(),
    note: text('note').notNull(),
    promiseDate: date('promise_date', { mode: 'string' }),
    promiseAmount: bigint('promise_amount', { mode: 'number' }),
    recordedAt: stamp('recorded_at').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_visit_notes_client_key').on(t.agentId, t.clientKey),
    index('agent_visit_notes_customer_idx').on(t.customerId, t.createdAt),
    check(
      'agent_visit_notes_promise',
      sql`(${t.promiseDate} is null) = (${t.promiseAmount} is null) and coalesce(${t.promiseAmount}, 1) > 0`,
    ),
  ],
);
