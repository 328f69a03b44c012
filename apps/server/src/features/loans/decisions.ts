import { formatUgx } from '@ecogrid/core';
import { loanNumber, type Loan } from '@ecogrid/core/loans';
import { eq } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { loans, type LoanRow } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { releaseStock } from '#src/features/catalog/stock.service.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import { activate, depositWaiting } from './deposits.ts';
import { DEPOSIT_DAYS, findLoan, lockLoan, loanEvent, type LoanDeps } from './loan-rows.ts';
import { loanView } from './loan-views.ts';

/** An admin approves or refuses an application waiting for approval (audited; the customer is told). */
export async function decideLoan(
  deps: LoanDeps,
  input: { loanId: string; actorId: string; decision: 'approve' | 'reject'; note: string | null },
): Promise<Loan> {
  await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, null);
    if (loan.status !== 'pending_approval') {
      throw new AppError('loan_not_pending', 'This application was already decided.', 409);
    }
    const note = input.note?.trim() || (input.decision === 'approve' ? 'Approved' : 'Refused');
    const [decided] = await tx
      .update(loans)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'cancelled',
        decisionNote: note,
        decidedBy: input.actorId,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(loans.id, loan.id))
      .returning();
    if (input.decision === 'reject') {
      await releaseStock(tx, loan.orderId, [{ productId: loan.productId, quantity: 1 }]);
    }
    await recordAudit(tx, {
      actorId: input.actorId,
      action: `loan.${input.decision}`,
      entityType: 'loan',
      entityId: loan.id,
      reason: note,
      details: { number: loanNumber(loan.seq), creditPrice: loan.creditPrice },
    });
    const number = loanNumber(loan.seq);
    await sendNotification(tx, deps, {
      userId: loan.userId,
      type: 'loan_update',
      // The refusal's reason is the admin's own words, as written.
      text:
        input.decision === 'approve'
          ? {
              key: 'notifications:loan.approved',
              values: { loan: number, product: loan.productName, amount: formatUgx(loan.deposit), days: DEPOSIT_DAYS },
            }
          : {
              key: 'notifications:loan.refused',
              values: { loan: number, product: loan.productName, reason: note.replace(/[.!?]$/, '') },
            },
      data: { loanId: loan.id },
      // An approval asks for the deposit within DEPOSIT_DAYS; a refusal asks nothing.
      sms: input.decision === 'approve',
    });
    if (input.decision === 'approve' && decided!.deposit === 0) await activate(tx, deps, decided!, null);
    else await loanEvent(tx, deps, decided!);
  });
  return loanView(deps.db, await findLoan(deps.db, input.loanId, null));
}

/** Cancels an application that has not started, and puts its unit back on sale. */
async function cancelUnstarted(
  tx: Tx,
  deps: LoanDeps,
  loan: LoanRow,
  by: { decidedBy: string | null; note: string | null },
): Promise<LoanRow> {
  const [cancelled] = await tx
    .update(loans)
    .set({
      status: 'cancelled',
      decisionNote: by.note,
      decidedBy: by.decidedBy,
      decidedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(loans.id, loan.id))
    .returning();
  await releaseStock(tx, loan.orderId, [{ productId: loan.productId, quantity: 1 }]);
  await loanEvent(tx, deps, cancelled!);
  return cancelled!;
}

/**
 * A customer withdraws an application that has not started (waiting for approval, or approved
 * with the deposit unpaid): it is cancelled and its unit goes back on sale. Refused while a
 * deposit payment waits on the phone (its money would have nowhere to go but the wallet). Asked
 * again for an application already withdrawn, it answers with the loan as it is.
 */
export async function withdrawApplication(deps: LoanDeps, input: { userId: string; loanId: string }): Promise<Loan> {
  await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, input.userId);
    if (loan.status === 'cancelled' && loan.decidedBy === input.userId) return;
    if (loan.status !== 'pending_approval' && loan.status !== 'approved') {
      throw new AppError(
        'loan_not_withdrawable',
        loan.status === 'cancelled'
          ? 'This application was already cancelled.'
          : 'This loan has started: it cannot be withdrawn. Repay it from the loan tracker.',
        409,
      );
    }
    if (await depositWaiting(tx, loan)) {
      throw new AppError(
        'deposit_pending',
        'A deposit payment is waiting for approval on your phone. Decline it, or wait for it to expire, then withdraw.',
        409,
      );
    }
    await cancelUnstarted(tx, deps, loan, { decidedBy: input.userId, note: null });
    await recordAudit(tx, {
      actorId: input.userId,
      action: 'loan.withdraw',
      entityType: 'loan',
      entityId: loan.id,
      details: { number: loanNumber(loan.seq), status: loan.status },
    });
  });
  return loanView(deps.db, await findLoan(deps.db, input.loanId, input.userId));
}

/**
 * Cancels an approved loan whose deposit was not paid within DEPOSIT_DAYS of its approval (none
 * is waiting on the phone), so its unit goes back on sale; the customer is told, and may apply
 * again. Re-checked under the loan's lock: a deposit paid meanwhile keeps the loan.
 */
export async function expireUnpaidApproval(deps: LoanDeps, loanId: string, approvedBefore: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, loanId, null);
    if (loan.status !== 'approved' || !loan.decidedAt || loan.decidedAt >= approvedBefore) return false;
    if (await depositWaiting(tx, loan)) return false;
    const note = `The deposit was not paid within ${DEPOSIT_DAYS} days`;
    await cancelUnstarted(tx, deps, loan, { decidedBy: null, note });
    const number = loanNumber(loan.seq);
    await sendNotification(tx, deps, {
      userId: loan.userId,
      type: 'loan_update',
      text: {
        key: 'notifications:loan.closedUnpaid',
        values: { loan: number, product: loan.productName, amount: formatUgx(loan.deposit), days: DEPOSIT_DAYS },
      },
      data: { loanId: loan.id },
    });
    return true;
  });
}
