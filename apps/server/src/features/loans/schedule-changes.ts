import { createHash } from 'node:crypto';
import { canonicalJson } from '@ecogrid/core/canonical-json';
import type { ScheduleLine } from '@ecogrid/core/credit-restructure';
import type { ScheduleChanges } from '@ecogrid/core/restructure';
import { asc, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loanRepayments, type LoanRow } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import {
  recordScheduleChanges,
  scheduleChangesOf,
  type NewScheduleChange,
} from '#src/features/credit/schedule-changes.service.ts';

/** A loan's schedule as the quotes take it, in instalment order. */
export async function scheduleOf(db: Database | Tx, loanId: string): Promise<ScheduleLine[]> {
  return db
    .select({
      number: loanRepayments.number,
      dueDate: loanRepayments.dueDate,
      amountDue: loanRepayments.amountDue,
      amountPaid: loanRepayments.amountPaid,
    })
    .from(loanRepayments)
    .where(eq(loanRepayments.loanId, loanId))
    .orderBy(asc(loanRepayments.number));
}

/**
 * What the customer is shown and accepts, reduced to a short digest: accepting sends it back, and
 * the server works the quote out again under the loan's lock; any difference (a payment, a late
 * fee, a new policy meanwhile) changes the digest and the change is refused.
 */
export const quoteDigest = (terms: unknown) =>
  createHash('sha256').update(canonicalJson(terms)).digest('hex').slice(0, 32);

export const quoteChanged = () =>
  new AppError(
    'quote_changed',
    'The loan changed since this quote was made (a payment, a fee or a new policy). Look at the new quote and accept it again.',
    409,
  );

/** Active and defaulted loans can be changed; the others have nothing left to reschedule. */
export function assertRunning(loan: Pick<LoanRow, 'status'>): void {
  if (loan.status !== 'active' && loan.status !== 'defaulted') {
    throw new AppError('loan_not_active', 'Only a running loan (active or in default) can be changed.', 409);
  }
}

const total = (lines: readonly ScheduleLine[]) => lines.reduce((sum, line) => sum + line.amountDue, 0);

/** Keeps a change's before and after schedules in the loan's history. */
export async function recordScheduleChange(tx: Tx, change: NewScheduleChange): Promise<void> {
  await recordScheduleChanges(tx, [change]);
}

/** Lines kept by other changes (a swap keeps no amounts paid): read with what is missing as 0. */
const asLines = (value: unknown[]): ScheduleLine[] =>
  value.map((raw) => {
    const line = raw as Partial<ScheduleLine>;
    return {
      number: Number(line.number ?? 0),
      dueDate: String(line.dueDate ?? ''),
      amountDue: Number(line.amountDue ?? 0),
      amountPaid: Number(line.amountPaid ?? 0),
    };
  });

/** A loan's schedule history, newest first, each change with its totals and who made it. */
export async function scheduleHistory(db: Database, loan: LoanRow): Promise<ScheduleChanges> {
  const rows = await scheduleChangesOf(db, loan.id);
  const people = await userSummaries(db, [...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))]);
  return {
    pausedUntil: loan.pausedUntil,
    changes: rows.map((change) => {
      const before = asLines(change.before);
      const after = asLines(change.after);
      return {
        id: change.id,
        kind: change.kind,
        createdAt: change.createdAt.toISOString(),
        fee: change.fee,
        discount: change.discount,
        totalBefore: total(before),
        totalAfter: total(after),
        before,
        after,
        actorName: (change.actorId && people.get(change.actorId)?.name) || null,
      };
    }),
  };
}
