import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPROVAL_KINDS, APPROVAL_STATUSES } from '@ecogrid/core/approvals';
import { users } from './auth.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A refund or write-off waiting for a second staff member (decision 020). What to do is in
 * `payload`, carried out by the owning feature in the transaction that marks it approved.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
    subjectId: text('subject_id').notNull(),
    subjectLabel: text('subject_label').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decisionNote: text('decision_note'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    decidedAt: stamp('decided_at'),
  },
  (t) => [
    // One request waits per payment or loan: asking twice finds the first.
    uniqueIndex('approvals_one_pending')
      .on(t.kind, t.subjectId)
      .where(sql`${t.status} = 'pending'`),
    index('approvals_status_created_idx').on(t.status, t.createdAt),
    // Four eyes: whoever asked never decides.
    check('approvals_second_person', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
    check('approvals_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The four-eyes threshold, set by full admins; without a row the default (UGX 500,000) holds. */
export const approvalSettings = pgTable('approval_settings', {
  key: text('key').primaryKey(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'restrict' }),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});
