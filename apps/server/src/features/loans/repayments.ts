import { formatUgx } from '@ecogrid/core';
import { allocateRepayment, daysBetween, depositDays, kampalaDate } from '@ecogrid/core/credit';
import { loanNumber, type Loan, type PaymentChoice } from '@ecogrid/core/loans';
import type { Payment } from '@ecogrid/core/payments';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { loanPayments, loanRepayments, loans, type LoanRow } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import type { IdempotentRequest } from '#src/platform/idempotency.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import { payByChoice, sendPayment } from '#src/features/payments/payments.service.ts';
import { HOUSE_ACCOUNTS } from '#src/features/wallet/ledger.service.ts';
import { refundToWallet } from '#src/features/wallet/refund.service.ts';
import { loanPaymentApplied } from './loan-payment-rules.ts';
import { amountOwed, FEES_SHARE, findLoan, lockLoan, loanEvent, takesRepayments, type LoanDeps } from './loan-rows.ts';
import { loanView } from './loan-views.ts';
import { applyRecovery, closedAsLoss, recoverableOn } from './recoveries.ts';
import { sendTokens } from './tokens.ts';

/**
 * A repayment of any amount up to what is owed, from the loan tracker. From the wallet it is
 * paid and applied in one transaction; by mobile money it waits for the customer's approval and
 * is applied when it settles. The loan row is locked first, so two repayments at once queue up.
 */
export async function repayLoan(
  deps: LoanDeps,
  input: { userId: string; loanId: string; amount: number; payment: PaymentChoice; idempotency: IdempotentRequest },
): Promise<{ loan: Loan; payment: Payment }> {
  const done = await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, input.userId);
    const recovery = closedAsLoss(loan);
    if (!takesRepayments(loan) && !recovery) {
      throw new AppError(
        'loan_not_active',
        loan.status === 'completed'
          ? 'This loan is paid off: there is nothing left to pay.'
          : loan.status === 'approved'
            ? 'Pay the deposit first: the loan starts with it.'
            : 'This loan is not active, so it takes no repayments.',
        409,
      );
    }
    const owed = recovery ? recoverableOn(loan) : amountOwed(loan);
    if (input.amount > owed) {
      throw new AppError('overpayment', `You owe ${formatUgx(owed)} on this loan: pay at most that.`, 422).withText(
        'errors:overpayment',
        { owed: formatUgx(owed) },
      );
    }
    const key = `loan:${loan.id}:repay:${input.idempotency.key}`;
    const paid = await payByChoice(tx, deps, {
      way: input.payment,
      userId: loan.userId,
      amount: input.amount,
      purpose: 'loan_repayment',
      description: `Repayment of loan ${loanNumber(loan.seq)}`,
      idempotency: { key, requestHash: input.idempotency.requestHash },
      loanId: loan.id,
    });
    // From the wallet it is paid now; by mobile money its settlement applies it.
    if (!paid.collection && !paid.replayed) {
      const applied = { id: paid.payment.id, amount: paid.payment.amount };
      await (recovery ? applyRecovery(tx, deps, loan, applied) : applyRepayment(tx, deps, loan, applied));
    }
    return paid;
  });
  const payment = done.collection ? await sendPayment(deps, done.collection) : done.payment;
  return { loan: await loanView(deps.db, await findLoan(deps.db, input.loanId, null)), payment };
}

/** Days past due on a day: since the oldest instalment still unpaid fell due, or 0. */
export async function daysPastDueOn(tx: Tx, loanId: string, today: string): Promise<number> {
  const [row] = await tx
    .select({ oldest: sql<string | null>`min(${loanRepayments.dueDate})::text` })
    .from(loanRepayments)
    .where(
      and(
        eq(loanRepayments.loanId, loanId),
        ne(loanRepayments.status, 'paid'),
        sql`${loanRepayments.dueDate} < ${today}::date`,
      ),
    );
  return row?.oldest ? daysBetween(row.oldest, today) : 0;
}

/**
 * What of an instalment paid up to `paidAfter` went to its late fee beyond what already had: an
 * instalment's fee is paid before the instalment itself.
 */
const feeShare = (row: { amountPaid: number; lateFee: number }, paidAfter: number) =>
  Math.min(paidAfter, row.lateFee) - Math.min(row.amountPaid, row.lateFee);

/**
 * The days of use a running loan's payments have bought (read after its instalments are updated):
 * the deposit's days, then the instalments' money at the daily rate. Fees buy no days: the part
 * of each instalment that paid its late fee is left out, as are fees held on the loan alone.
 */
async function daysPaidFor(tx: Tx, loan: LoanRow): Promise<number> {
  const [row] = await tx
    .select({
      paid: sql<string>`coalesce(sum(greatest(${loanRepayments.amountPaid} - ${loanRepayments.lateFee}, 0)), 0)::text`,
    })
    .from(loanRepayments)
    .where(eq(loanRepayments.loanId, loan.id));
  return depositDays(loan.frequency, loan.startDate!) + Math.floor(Number(row!.paid) / (loan.dailyRate ?? 1));
}

/**
 * Applies a settled repayment to a locked loan taking repayments (active or defaulted; a payment
 * that clears a defaulted loan's arrears makes it active again): shared out oldest amount due first
 * (anything beyond what is owed, from two payments settling together, goes to the wallet), the
 * days it buys at the daily rate (fees buy none) sent to the device as an ADD_TIME token, and on the last
 * shilling the loan completes and the device gets its DISABLE_PAYG unlock token.
 */
export async function applyRepayment(
  tx: Tx,
  deps: LoanDeps,
  loan: LoanRow,
  payment: { id: string; amount: number; method?: string },
) {
  const open = await tx
    .select()
    .from(loanRepayments)
    .where(and(eq(loanRepayments.loanId, loan.id), ne(loanRepayments.status, 'paid')))
    .orderBy(asc(loanRepayments.number));
  const { applied, excess } = allocateRepayment(open, payment.amount);
  const now = new Date();
  const byId = new Map(open.map((r) => [r.id, r]));
  const shares: Record<string, number> = {};
  let feesPaid = 0;
  for (const share of applied) {
    const row = byId.get(share.id)!;
    const paid = row.amountPaid + share.amount;
    shares[row.number] = share.amount;
    feesPaid += feeShare(row, paid);
    await tx
      .update(loanRepayments)
      .set({
        amountPaid: paid,
        status: paid === row.amountDue ? 'paid' : 'partly_paid',
        paidAt: paid === row.amountDue ? now : null,
      })
      .where(eq(loanRepayments.id, row.id));
  }
  if (excess > 0) {
    await refundToWallet(tx, {
      idempotencyKey: `payment:${payment.id}:excess`,
      description: `More than loan ${loanNumber(loan.seq)} owed: returned to the wallet`,
      paymentId: payment.id,
      from: HOUSE_ACCOUNTS.loansReceivable,
      userId: loan.userId,
      amount: excess,
    });
  }
  const paid = loan.paid + payment.amount - excess;
  const completed = paid === loan.creditPrice + loan.fees - loan.forgiven;
  const daysPastDue = completed ? 0 : await daysPastDueOn(tx, loan.id, kampalaDate(now));
  const backToActive = loan.status === 'defaulted' && daysPastDue === 0;
  const bought = await daysPaidFor(tx, loan);
  await tx.insert(loanPayments).values({
    loanId: loan.id,
    paymentId: payment.id,
    kind: 'repayment',
    amount: payment.amount - excess,
    allocation: feesPaid > 0 ? { ...shares, [FEES_SHARE]: feesPaid } : shares,
  });
  const [updated] = await tx
    .update(loans)
    .set({
      paid,
      daysBought: Math.max(bought, loan.daysBought),
      daysPastDue,
      status: completed ? 'completed' : backToActive ? 'active' : loan.status,
      defaultedAt: backToActive ? null : loan.defaultedAt,
      completedAt: completed ? now : null,
      updatedAt: now,
    })
    .where(eq(loans.id, loan.id))
    .returning();
  await sendTokens(tx, deps, updated!, `payment:${payment.id}`, payment.method !== 'cash');
  if (payment.amount > excess) {
    await loanPaymentApplied(tx, deps, updated!, { id: payment.id, amount: payment.amount - excess });
  }
  if (backToActive && !completed) {
    await sendNotification(tx, deps, {
      userId: loan.userId,
      type: 'loan_update',
      text: { key: 'notifications:loan.backInGoodStanding', values: { loan: loanNumber(loan.seq) } },
      data: { loanId: loan.id },
      sms: true,
    });
  }
  if (completed) {
    await sendNotification(tx, deps, {
      userId: loan.userId,
      type: 'loan_update',
      text: { key: 'notifications:loan.paidOff', values: { loan: loanNumber(loan.seq), product: loan.productName } },
      data: { loanId: loan.id },
    });
  }
  await loanEvent(tx, deps, updated!);
}
