import { LOAN_FREQUENCIES, LOAN_STATUSES, REPAYMENT_STATUSES, type LoanFrequency } from '@ecogrid/core/credit';
import { ARREARS_BUCKETS, DEVICE_STATUSES, FOLLOW_UP_OUTCOMES, FOLLOW_UP_REASONS } from '@ecogrid/core/collections';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './catalog.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Pay-as-you-go devices (solar home systems and the like) that take OpenPAYGO tokens. The secret
 * key is kept encrypted (AES-256-GCM); `token_count` is the count the last token moved the
 * device to, and only moves forward, under a row lock, so no count is ever used twice.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serialNumber: text('serial_number').notNull().unique(),
    /**
     * The product (SKU) the unit is: delivery gives a loan only a device of the product bought.
     * Null only for units imported before products were recorded and on no loan: they are never
     * assigned until their product is known.
     */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    startingCode: integer('starting_code').notNull(),
    secretKeyEncrypted: text('secret_key_encrypted').notNull(),
    tokenCount: integer('token_count').notNull().default(0),
    /** The device counts days times this (1: whole days). */
    timeDivider: integer('time_divider').notNull().default(1),
    restrictedDigitSet: boolean('restricted_digit_set').notNull().default(false),
    /** returned: recovered or swapped out, waiting to be checked; refurbishing: being repaired before resale. */
    status: text('status', { enum: DEVICE_STATUSES }).notNull().default('in_stock'),
    /** Where an unsold unit is (a stock location, decision 024); null once it is with a customer. */
    locationId: uuid('location_id'),
    /** Set when the unit is delivered on a loan: the product's warranty months from that day. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    warrantyUntil: date('warranty_until', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Delivery takes the oldest unit in stock of the product bought.
    index('devices_product_stock_idx').on(t.productId, t.status, t.createdAt),
    check('devices_starting_code_range', sql`${t.startingCode} between 0 and 999999999`),
    check('devices_token_count_range', sql`${t.tokenCount} >= 0`),
    check('devices_time_divider_range', sql`${t.timeDivider} between 1 and 1000`),
  ],
);

/** Every token issued, with the count it moved the device to: a count appears once per device. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'restrict' }),
    count: integer('count').notNull(),
    type: text('type', { enum: ['ADD_TIME', 'SET_TIME', 'DISABLE_PAYG', 'COUNTER_SYNC'] }).notNull(),
    /** Days, for ADD_TIME and SET_TIME. */
    days: integer('days'),
    token: text('token').notNull(),
    /** What it was issued for: a repayment's idempotency key, or an admin's reason. */
    reference: text('reference').notNull(),
    issuedBy: text('issued_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_tokens_count_idx').on(t.deviceId, t.count),
    uniqueIndex('device_tokens_reference_idx').on(t.deviceId, t.reference),
    index('device_tokens_device_idx').on(t.deviceId, t.createdAt),
  ],
);

/** The credit terms a product is sold on; admins set them per product. */
export const loanPlans = pgTable(
  'loan_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    depositBp: integer('deposit_bp').notNull(),
    instalments: integer('instalments').notNull(),
    frequency: text('frequency', { enum: LOAN_FREQUENCIES }).notNull().$type<LoanFrequency>(),
    markupBp: integer('markup_bp').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('loan_plans_product_idx').on(t.productId),
    check('loan_plans_deposit_range', sql`${t.depositBp} between 0 and 9000`),
    check('loan_plans_instalments_range', sql`${t.instalments} between 1 and 730`),
    check('loan_plans_markup_range', sql`${t.markupBp} between 0 and 20000`),
  ],
);

/**
 * A customer's loan for one unit of a product: the plan's terms copied at application (a plan
 * changed later does not change a loan), its status, what has been paid, and its arrears.
 */
export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** LN- and a running number, for the customer and the call centre. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => loanPlans.id, { onDelete: 'restrict' }),
    planName: text('plan_name').notNull(),
    productName: text('product_name').notNull(),
    /** The agent serving the customer when they applied, who sold it. */
    agentId: text('agent_id').references(() => users.id, { onDelete: 'set null' }),
    /** The agent's commission rate when they sold it (basis points), paid on every payment of the loan. */
    commissionBp: integer('commission_bp'),
    /** The order that delivers the product, made when the deposit is paid. */
    orderId: uuid('order_id').notNull().unique(),
    status: text('status', { enum: LOAN_STATUSES }).notNull(),
    cashPrice: bigint('cash_price', { mode: 'number' }).notNull(),
    creditPrice: bigint('credit_price', { mode: 'number' }).notNull(),
    deposit: bigint('deposit', { mode: 'number' }).notNull(),
    instalment: bigint('instalment', { mode: 'number' }).notNull(),
    lastInstalment: bigint('last_instalment', { mode: 'number' }).notNull(),
    instalments: integer('instalments').notNull(),
    frequency: text('frequency', { enum: LOAN_FREQUENCIES }).notNull().$type<LoanFrequency>(),
    markupBp: integer('markup_bp').notNull(),
    depositBp: integer('deposit_bp').notNull(),
    /** Set at activation: what one day of use costs. */
    dailyRate: bigint('daily_rate', { mode: 'number' }),
    /** Everything paid, deposit included; never more than the credit price. */
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    /** Days of use bought by the repayments (at the daily rate) and days sent to the device. */
    daysBought: integer('days_bought').notNull().default(0),
    daysIssued: integer('days_issued').notNull().default(0),
    daysPastDue: integer('days_past_due').notNull().default(0),
    /**
     * Fees added after the sale (extension, late fee): owed on top of the credit price. Discounts
     * (early payoff) and write-offs lower what is owed without being paid: `forgiven`.
     */
    fees: bigint('fees', { mode: 'number' }).notNull().default(0),
    forgiven: bigint('forgiven', { mode: 'number' }).notNull().default(0),
    /** Money received after the loan was written off or repossessed: a recovery. */
    recovered: bigint('recovered', { mode: 'number' }).notNull().default(0),
    /** The monthly income the customer declared when applying, for the affordability check. */
    declaredIncome: bigint('declared_income', { mode: 'number' }),
    /** The credit policy version the application was judged by, and what it suggested and why. */
    policyVersion: integer('policy_version'),
    creditSuggestion: jsonb('credit_suggestion').$type<Record<string, unknown>>(),
    /** While a reported device fault is open the schedule is paused until this day. */
    pausedUntil: date('paused_until', { mode: 'string' }),
    district: text('district'),
    /** Where the goods go, as at checkout, for the order made at activation. */
    fulfilment: jsonb('fulfilment').notNull().$type<Record<string, unknown>>(),
    deviceId: uuid('device_id')
      .unique()
      .references(() => devices.id, { onDelete: 'restrict' }),
    depositPaymentId: uuid('deposit_payment_id'),
    decisionNote: text('decision_note'),
    decidedBy: text('decided_by'),
    startDate: date('start_date', { mode: 'string' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    defaultedAt: timestamp('defaulted_at', { withTimezone: true, mode: 'date' }),
    /** When the loan closed as repossessed or written off. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loans_user_key_idx').on(t.userId, t.idempotencyKey),
    index('loans_user_idx').on(t.userId, t.createdAt),
    index('loans_status_idx').on(t.status, t.createdAt),
    index('loans_created_idx').on(t.createdAt),
    index('loans_activated_idx')
      .on(t.activatedAt)
      .where(sql`${t.activatedAt} is not null`),
    index('loans_defaulted_idx')
      .on(t.defaultedAt)
      .where(sql`${t.defaultedAt} is not null`),
    index('loans_closed_idx')
      .on(t.closedAt)
      .where(sql`${t.closedAt} is not null`),
    index('loans_agent_idx')
      .on(t.agentId)
      .where(sql`${t.agentId} is not null`),
    // Loans in arrears, most days past due first: whom an agent visits, how many on their
    // dashboard, and what the collections run reads.
    index('loans_arrears_idx')
      .on(t.daysPastDue.desc().nullsFirst(), t.id)
      .where(sql`${t.daysPastDue} > 0 and ${t.status} in ('active', 'defaulted')`),
    check('loans_paid_range', sql`${t.paid} between 0 and ${t.creditPrice} + ${t.fees}`),
    check('loans_forgiven_range', sql`${t.forgiven} between 0 and ${t.creditPrice} + ${t.fees} - ${t.paid}`),
    check('loans_days_issued', sql`${t.daysIssued} <= ${t.daysBought}`),
  ],
);

/** A loan's schedule: fixed at activation; amount_paid grows as repayments are shared out. */
export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountDue: bigint('amount_due', { mode: 'number' }).notNull(),
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: REPAYMENT_STATUSES }).notNull().default('due'),
    /** When the reminder for this instalment went out: one per instalment. */
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    /** The late fee charged on this instalment, once, if the policy has one. */
    lateFee: bigint('late_fee', { mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('loan_repayments_number_idx').on(t.loanId, t.number),
    index('loan_repayments_open_idx')
      .on(t.dueDate)
      .where(sql`${t.status} <> 'paid'`),
    index('loan_repayments_user_idx').on(t.userId),
    // What fell due on each day, paid or not: the collections report's expected money.
    index('loan_repayments_due_idx').on(t.dueDate),
    // The reminder run's "a reminder of this loan is still out" check.
    index('loan_repayments_reminded_idx')
      .on(t.loanId)
      .where(sql`${t.remindedAt} is not null and ${t.status} <> 'paid'`),
    check('loan_repayments_paid_range', sql`${t.amountPaid} between 0 and ${t.amountDue}`),
  ],
);

/** Every payment a loan took and what it bought: the deposit, and each repayment. */
export const loanPayments = pgTable(
  'loan_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull().unique(),
    /** recovery: money received after the loan was written off or repossessed. */
    kind: text('kind', { enum: ['deposit', 'repayment', 'recovery'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** How the amount was shared out: instalment number → shillings. */
    allocation: jsonb('allocation').notNull().$type<Record<string, number>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('loan_payments_loan_idx').on(t.loanId, t.createdAt),
    index('loan_payments_created_idx').on(t.createdAt),
  ],
);

export type LoanPlanRow = typeof loanPlans.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;
export type LoanRepaymentRow = typeof loanRepayments.$inferSelect;

/**
 * A past-due loan to follow up: for the customer's agent, or admins when there is none. One open
 * per loan; the outcome closes it, and a broken promise to pay raises a new one.
 */
export const loanFollowUps = pgTable(
  'loan_follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    /** The agent who follows it up; null: admins. */
    assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: FOLLOW_UP_REASONS }).notNull(),
    openedOn: date('opened_on', { mode: 'string' }).notNull(),
    outcome: text('outcome', { enum: FOLLOW_UP_OUTCOMES }),
    promiseDate: date('promise_date', { mode: 'string' }),
    promiseAmount: bigint('promise_amount', { mode: 'number' }),
    /** Set by the daily run when the promised day passed without the amount paid. */
    promiseBroken: boolean('promise_broken').notNull().default(false),
    note: text('note'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: stamp('recorded_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loan_follow_ups_open_idx')
      .on(t.loanId)
      .where(sql`${t.outcome} is null`),
    index('loan_follow_ups_assignee_idx').on(t.assignedTo, t.openedOn),
    index('loan_follow_ups_loan_idx').on(t.loanId, t.recordedAt),
    index('loan_follow_ups_promise_idx')
      .on(t.promiseDate)
      .where(sql`${t.outcome} = 'promise_to_pay' and ${t.promiseBroken} = false`),
    check(
      'loan_follow_ups_promise',
      sql`(${t.outcome} = 'promise_to_pay') = (${t.promiseDate} is not null and ${t.promiseAmount} > 0)`,
    ),
  ],
);

/** Each reminder sent for an instalment, by its day relative to the due date: one per day. */
export const loanReminders = pgTable(
  'loan_reminders',
  {
    repaymentId: uuid('repayment_id')
      .notNull()
      .references(() => loanRepayments.id, { onDelete: 'cascade' }),
    dayOffset: integer('day_offset').notNull(),
    sentAt: stamp('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.repaymentId, t.dayOffset] })],
);

/** The portfolio by arrears bucket at the end of each day the daily run saw: PAR over time. */
export const portfolioDays = pgTable(
  'portfolio_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    bucket: text('bucket', { enum: [...ARREARS_BUCKETS, 'defaulted'] }).notNull(),
    loans: integer('loans').notNull(),
    outstanding: bigint('outstanding', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.bucket] })],
);

/**
 * Each open loan's bucket and balance at the end of each month: the roll rates between buckets
 * are read from one month to the next.
 */
export const loanMonthEnds = pgTable(
  'loan_month_ends',
  {
    month: date('month', { mode: 'string' }).notNull(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    bucket: text('bucket', { enum: [...ARREARS_BUCKETS, 'defaulted'] }).notNull(),
    outstanding: bigint('outstanding', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.loanId] })],
);
