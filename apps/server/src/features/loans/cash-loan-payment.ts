import { formatUgx } from '@ecogrid/core';
import { loanNumber } from '@ecogrid/core/loans';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { deviceTokens, loans } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import { depositWaiting } from './deposits.ts';
import { amountOwed, lockLoan, takesRepayments } from './loan-rows.ts';
import { closedAsLoss, recoverableOn } from './recoveries.ts';

/**
 * Gets a customer's loan ready to take cash an agent collected, in the agent's transaction,
 * before the payment is settled (its settlement applies it: loans.rules): the loan locked, and
 * the same rules as the customer's own payments. An approved loan takes exactly its deposit
 * (this payment becomes its deposit payment, unless another deposit payment waits on the phone);
 * an active one takes at most what is owed, one written off or repossessed at most what was
 * written off and not yet recovered (a recovery); any other takes nothing.
 */
export async function takeCashForLoan(
  tx: Tx,
  input: { loanId: string; customerId: string; amount: number; paymentId: string },
): Promise<{ number: string }> {
  const loan = await lockLoan(tx, input.loanId, input.customerId);
  const number = loanNumber(loan.seq);
  if (loan.status === 'approved') {
    if (await depositWaiting(tx, loan)) {
      throw new AppError(
        'deposit_pending',
        `A deposit payment for loan ${number} is waiting for approval on the customer's phone. Wait for it to go through or expire.`,
        409,
      );
    }
    if (input.amount !== loan.deposit) {
      throw new AppError(
        'amount_mismatch',
        `The deposit of loan ${number} is ${formatUgx(loan.deposit)}: collect exactly that.`,
        422,
      );
    }
    await tx
      .update(loans)
      .set({ depositPaymentId: input.paymentId, updatedAt: new Date() })
      .where(eq(loans.id, loan.id));
    return { number };
  }
  const recovery = closedAsLoss(loan);
  if (!takesRepayments(loan) && !recovery) {
    throw new AppError(
      'loan_not_active',
      loan.status === 'completed'
        ? `Loan ${number} is paid off: there is nothing left to collect.`
        : loan.status === 'pending_approval'
          ? `Loan ${number} is waiting for approval: collect its deposit once it is approved.`
          : `Loan ${number} is not active, so it takes no repayments.`,
      409,
    );
  }
  const owed = recovery ? recoverableOn(loan) : amountOwed(loan);
  if (input.amount > owed) {
    throw new AppError(
      'overpayment',
      `The customer owes ${formatUgx(owed)} on loan ${number}: collect at most that.`,
      422,
    );
  }
  return { number };
}

/** The device token a payment bought (days of use, or the unlock when it paid the loan off), if any. */
export async function cashPaymentToken(tx: Database | Tx, loanId: string, paymentId: string): Promise<string | null> {
  const [loan] = await tx.select({ deviceId: loans.deviceId }).from(loans).where(eq(loans.id, loanId));
  if (!loan?.deviceId) return null;
  const [row] = await tx
    .select({ token: deviceTokens.token })
    .from(deviceTokens)
    .where(
      and(
        eq(deviceTokens.deviceId, loan.deviceId),
        inArray(deviceTokens.reference, [`loan:${loanId}:payment:${paymentId}`, `loan:${loanId}:unlock`]),
      ),
    )
    .orderBy(desc(deviceTokens.createdAt))
    .limit(1);
  return row?.token ?? null;
}

/** Loans' numbers (L-…) by id, for lists of payments that name them. */
export async function loanNumbersOf(db: Database | Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: loans.id, seq: loans.seq }).from(loans).where(inArray(loans.id, ids));
  return new Map(rows.map((r) => [r.id, loanNumber(r.seq)]));
}
