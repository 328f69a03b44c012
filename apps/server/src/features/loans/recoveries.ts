import { loanNumber } from '@ecogrid/core/loans';
import { eq } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { loanPayments, loans, type LoanRow } from '#src/db/schema/loans.ts';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { refundToWallet } from '#src/features/wallet/refund.service.ts';
import { loanEvent, type LoanDeps } from './loan-rows.ts';

/** A loan closed as a loss: what it still takes is a recovery of what was written off. */
export const closedAsLoss = (loan: Pick<LoanRow, 'status'>) =>
  loan.status === 'written_off' || loan.status === 'repossessed';

/** What a loan closed as a loss can still recover: what was written off and not yet received. */
export const recoverableOn = (loan: Pick<LoanRow, 'forgiven' | 'recovered'>) => loan.forgiven - loan.recovered;

/**
 * Applies money received on a locked loan closed as a loss (by any payment path, after it
 * reached loans receivable): a recovery. It moves on from loans receivable to recoveries income,
 * counts in loans.recovered, and buys no days: no token is sent. Beyond what can still be
 * recovered (two payments settling together) goes back to the wallet.
 */
export async function applyRecovery(tx: Tx, deps: LoanDeps, loan: LoanRow, payment: { id: string; amount: number }) {
  const amount = Math.min(payment.amount, recoverableOn(loan));
  const number = loanNumber(loan.seq);
  if (payment.amount > amount) {
    await refundToWallet(tx, {
      idempotencyKey: `payment:${payment.id}:excess`,
      description: `More than loan ${number} could take: returned to the wallet`,
      paymentId: payment.id,
      from: HOUSE_ACCOUNTS.loansReceivable,
      userId: loan.userId,
      amount: payment.amount - amount,
    });
  }
  if (amount === 0) return;
  await postJournal(tx, {
    idempotencyKey: `payment:${payment.id}:recovery`,
    kind: 'loan_recovery',
    description: `Recovery on loan ${number}, written off before`,
    paymentId: payment.id,
    postings: [
      { account: HOUSE_ACCOUNTS.loansReceivable, amount: -amount },
      { account: HOUSE_ACCOUNTS.recoveries, amount },
    ],
  });
  await tx
    .insert(loanPayments)
    .values({ loanId: loan.id, paymentId: payment.id, kind: 'recovery', amount, allocation: {} });
  const [updated] = await tx
    .update(loans)
    .set({ recovered: loan.recovered + amount, updatedAt: new Date() })
    .where(eq(loans.id, loan.id))
    .returning();
  await loanEvent(tx, deps, updated!);
}
