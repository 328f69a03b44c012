import { randomUUID } from 'node:crypto';
import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { pauseSchedule } from '@ecogrid/core/credit-restructure';
import { loanNumber, type Loan } from '@ecogrid/core/loans';
import type { PauseInput } from '@ecogrid/core/restructure';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { loanRepayments, loans, type LoanRow } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import { loanEvent, lockLoan, type LoanDeps } from './loan-rows.ts';
import { loanView } from './loan-views.ts';
import { daysPastDueOn } from './repayments.ts';
import { assertRunning, recordScheduleChange, scheduleOf } from './schedule-changes.ts';

const isPaused = (pausedUntil: string | null, today: string) => pausedUntil !== null && pausedUntil >= today;

/**
 * Pauses a running loan while a reported device fault is open: every unpaid instalment falls due
 * `days` later, at no fee, and until the pause ends the daily run neither counts arrears, charges
 * late fees nor defaults it. The old schedule is kept in the history; the customer is told.
 */
export async function pauseLoan(
  deps: LoanDeps,
  input: PauseInput & { loanId: string; actorId: string },
): Promise<Loan> {
  return deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, null);
    assertRunning(loan);
    if (isPaused(loan.pausedUntil, kampalaDate(new Date()))) {
      throw new AppError('loan_paused', `This loan is already paused until ${loan.pausedUntil}. Resume it first.`, 409);
    }
    return loanView(tx, await pauseLocked(tx, deps, loan, input));
  });
}

/**
 * Pauses a running loan for a device fault in the caller's transaction unless it is paused
 * already: true when it paused it. A follow-up that found a fault calls it.
 */
export async function pauseForFault(
  tx: Tx,
  deps: LoanDeps,
  input: PauseInput & { loanId: string; actorId: string },
): Promise<boolean> {
  const loan = await lockLoan(tx, input.loanId, null);
  if (loan.status !== 'active' && loan.status !== 'defaulted') return false;
  if (isPaused(loan.pausedUntil, kampalaDate(new Date()))) return false;
  await pauseLocked(tx, deps, loan, input);
  return true;
}

/** The pause itself, on a loan locked, running and not paused. */
async function pauseLocked(
  tx: Tx,
  deps: LoanDeps,
  loan: LoanRow,
  input: PauseInput & { actorId: string },
): Promise<LoanRow> {
  const today = kampalaDate(new Date());
  const before = await scheduleOf(tx, loan.id);
  const after = pauseSchedule(before, input.days);
  await tx
    .update(loanRepayments)
    .set({ dueDate: sql`${loanRepayments.dueDate} + ${input.days}::int` })
    .where(and(eq(loanRepayments.loanId, loan.id), ne(loanRepayments.status, 'paid')));
  const pausedUntil = addDays(today, input.days);
  const [updated] = await tx
    .update(loans)
    .set({ pausedUntil, daysPastDue: await daysPastDueOn(tx, loan.id, today), updatedAt: new Date() })
    .where(eq(loans.id, loan.id))
    .returning();
  await recordScheduleChange(tx, {
    loanId: loan.id,
    kind: 'pause',
    before,
    after,
    actorId: input.actorId,
    idempotencyKey: `pause:${randomUUID()}`,
  });
  const number = loanNumber(loan.seq);
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'loan.pause',
    entityType: 'loan',
    entityId: loan.id,
    reason: input.reason,
    details: { number, days: input.days, pausedUntil },
  });
  await sendNotification(tx, deps, {
    userId: loan.userId,
    type: 'loan_update',
    text: {
      key: 'loan-notices:paused',
      values: { loan: number, until: { day: pausedUntil }, count: input.days },
    },
    data: { loanId: loan.id },
    sms: true,
  });
  await loanEvent(tx, deps, updated!);
  return updated!;
}

/** Ends a pause early: the due dates stay where the pause moved them; the daily run counts again. */
export async function resumeLoan(deps: LoanDeps, input: { loanId: string; actorId: string }): Promise<Loan> {
  return deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, null);
    if (!isPaused(loan.pausedUntil, kampalaDate(new Date()))) {
      throw new AppError('loan_not_paused', 'This loan is not paused.', 409);
    }
    const [updated] = await tx
      .update(loans)
      .set({ pausedUntil: null, updatedAt: new Date() })
      .where(eq(loans.id, loan.id))
      .returning();
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'loan.resume',
      entityType: 'loan',
      entityId: loan.id,
      details: { number: loanNumber(loan.seq), pausedUntil: loan.pausedUntil },
    });
    await loanEvent(tx, deps, updated!);
    return loanView(tx, updated!);
  });
}
