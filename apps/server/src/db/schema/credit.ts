import { REPOSSESSION_STATUSES, SCHEDULE_CHANGE_KINDS, SWAP_REASONS, UNIT_CONDITIONS } from '@ecogrid/core/collections';
import type { CreditPolicyRules } from '@ecogrid/core/credit-policy';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { devices, loans } from './loans.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Every version of the credit policy admins have saved; the newest applies. Never updated. */
export const creditPolicies = pgTable('credit_policies', {
  version: integer('version').primaryKey(),
  rules: jsonb('rules').notNull().$type<CreditPolicyRules>(),
  note: text('note'),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

/**
 * Taking a unit back from a defaulted loan: started by an admin, attempted by an agent, ending
 * recovered (with the unit's condition) or failed (with the reason). One open per loan.
 */
export const repossessions = pgTable(
  'repossessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'restrict' }),
    status: text('status', { enum: REPOSSESSION_STATUSES }).notNull().default('started'),
    startedBy: text('started_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    condition: text('condition', { enum: UNIT_CONDITIONS }),
    failureReason: text('failure_reason'),
    attemptedBy: text('attempted_by').references(() => users.id, { onDelete: 'set null' }),
    attemptedAt: stamp('attempted_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('repossessions_open_idx')
      .on(t.loanId)
      .where(sql`${t.status} = 'started'`),
    index('repossessions_assignee_idx').on(t.assignedTo, t.status),
    check('repossessions_condition', sql`(${t.status} = 'recovered') = (${t.condition} is not null)`),
    check('repossessions_failure', sql`(${t.status} = 'failed') = (${t.failureReason} is not null)`),
  ],
);

/**
 * A change to a running loan's schedule (extension, pause, late fee, early payoff, device swap):
 * the schedule before and after, what it added or took off, and who asked and accepted it.
 */
export const loanScheduleChanges = pgTable(
  'loan_schedule_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SCHEDULE_CHANGE_KINDS }).notNull(),
    before: jsonb('before').notNull().$type<unknown[]>(),
    after: jsonb('after').notNull().$type<unknown[]>(),
    /** What the change added to what is owed (fees) and took off it (discounts). */
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    policyVersion: integer('policy_version'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loan_schedule_changes_key_idx').on(t.loanId, t.idempotencyKey),
    index('loan_schedule_changes_loan_idx').on(t.loanId, t.createdAt),
  ],
);

/** A replacement unit taking over a loan: the days the customer had paid for move with it. */
export const deviceSwaps = pgTable(
  'device_swaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    oldDeviceId: uuid('old_device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'restrict' }),
    newDeviceId: uuid('new_device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'restrict' }),
    reason: text('reason', { enum: SWAP_REASONS }).notNull(),
    underWarranty: boolean('under_warranty').notNull(),
    /** The days carried over to the new unit, by its first token. */
    daysCarried: integer('days_carried').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('device_swaps_loan_idx').on(t.loanId, t.createdAt)],
);
