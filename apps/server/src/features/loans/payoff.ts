import { loanNumber, type Loan, type PaymentChoice } from '@ecogrid/core/loans';
import type { CreditPolicy } from '@ecogrid/core/credit-policy';
import { discountSchedule, quotePayoff } from '@ecogrid/core/credit-restructure';
import type { Payment } from '@ecogrid/core/payments';
import type { PayoffQuoteView } from '@ecogrid/core/restructure';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loanRepayments, loans, type LoanRow } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import type { IdempotentRequest } from '#src/platform/idempotency.ts';
import { creditPolicyInForce } from '#src/features/credit/credit-policy.service.ts';
import { payByChoice, sendPayment } from '#src/features/payments/payments.service.ts';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { amountOwed, findLoan, lockLoan, type LoanDeps } from './loan-rows.ts';
import { loanView } from './loan-views.ts';
import { applyRepayment } from './repayments.ts';
import { assertRunning, quoteChanged, quoteDigest, recordScheduleChange, scheduleOf } from './schedule-changes.ts';

/**
 * What paying the loan off today costs. The credit charge is the loan's own (credit price less
 * cash price); fees added after the sale count as owed but earn no discount.
 */
function payoffQuote(loan: LoanRow, policy: CreditPolicy): PayoffQuoteView {
  assertRunning(loan);
  const { owed, discount, payoff } = quotePayoff(
    {
      creditPrice: loan.creditPrice,
      cashPrice: loan.cashPrice,
      deposit: loan.deposit,
      paid: loan.paid - loan.fees + loan.forgiven,
    },
    policy.rules.earlyPayoffDiscountBp,
  );
  const terms = { loanId: loan.id, owed, discount, payoff, policyVersion: policy.version };
  return { ...terms, quote: quoteDigest({ kind: 'payoff', ...terms }) };
}

export async function quoteLoanPayoff(db: Database, loanId: string, userId: string): Promise<PayoffQuoteView> {
  return payoffQuote(await findLoan(db, loanId, userId), await creditPolicyInForce(db));
}

/**
 * The payoff's discount rides on its payment's key, so a mobile-money settlement days later knows
 * it: `loan:<id>:payoff:<discount>:<the caller's key>`.
 */
const payoffKey = (loanId: string, discount: number, key: string) => `loan:${loanId}:payoff:${discount}:${key}`;

/** The discount a loan payment was made to take, or null for an ordinary repayment. */
export function payoffDiscountOf(idempotencyKey: string | null): number | null {
  const match = /^loan:[0-9a-f-]{36}:payoff:(\d+):/.exec(idempotencyKey ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Pays the quoted payoff amount through the repayment flow. From the wallet it settles at once;
 * by mobile money its settlement applies it (applyPayoff). A quote that no longer holds is refused.
 */
export async function payOffLoan(
  deps: LoanDeps,
  input: { userId: string; loanId: string; quote: string; payment: PaymentChoice; idempotency: IdempotentRequest },
): Promise<{ loan: Loan; payment: Payment }> {
  const done = await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, input.userId);
    const quote = payoffQuote(loan, await creditPolicyInForce(tx));
    if (quote.quote !== input.quote) throw quoteChanged();
    if (quote.payoff < 1) throw new AppError('loan_not_active', 'Nothing is owed on this loan.', 409);
    const paid = await payByChoice(tx, deps, {
      way: input.payment,
      userId: loan.userId,
      amount: quote.payoff,
      purpose: 'loan_repayment',
      description: `Early payoff of loan ${loanNumber(loan.seq)}`,
      idempotency: {
        key: payoffKey(loan.id, quote.discount, input.idempotency.key),
        requestHash: input.idempotency.requestHash,
      },
      loanId: loan.id,
    });
    if (!paid.collection && !paid.replayed) {
      await applyPayoff(tx, deps, loan, { id: paid.payment.id, amount: paid.payment.amount }, quote.discount);
    }
    return paid;
  });
  const payment = done.collection ? await sendPayment(deps, done.collection) : done.payment;
  return { loan: await loanView(deps.db, await findLoan(deps.db, input.loanId, null)), payment };
}

/**
 * Applies a settled payoff payment to its locked loan. When it still pays exactly what is owed
 * less the discount, the discount is forgiven first (expense:discounts to receivable:loans, keyed
 * by the payment; the schedule's last unpaid amounts lowered by it), so the payment completes the
 * loan and sends the unlock token as any last payment does; the change is kept in the history.
 * When the loan moved meanwhile it is an ordinary repayment (anything beyond what is owed goes
 * back to the wallet).
 */
export async function applyPayoff(
  tx: Tx,
  deps: LoanDeps,
  loan: LoanRow,
  payment: { id: string; amount: number; method?: string },
  discount: number,
): Promise<void> {
  if (discount < 1 || amountOwed(loan) - discount !== payment.amount) {
    await applyRepayment(tx, deps, loan, payment);
    return;
  }
  const before = await scheduleOf(tx, loan.id);
  const lowered = discountSchedule(before, discount);
  const now = new Date();
  for (const line of lowered) {
    const was = before.find((b) => b.number === line.number)!;
    if (was.amountDue === line.amountDue) continue;
    const settled = line.amountPaid === line.amountDue;
    await tx
      .update(loanRepayments)
      .set({ amountDue: line.amountDue, ...(settled ? { status: 'paid' as const, paidAt: now } : {}) })
      .where(and(eq(loanRepayments.loanId, loan.id), eq(loanRepayments.number, line.number)));
  }
  const [forgiven] = await tx
    .update(loans)
    .set({ forgiven: loan.forgiven + discount, updatedAt: now })
    .where(eq(loans.id, loan.id))
    .returning();
  await postJournal(tx, {
    idempotencyKey: `loan:${loan.id}:payoff:${payment.id}`,
    kind: 'loan_discount',
    description: `Early-payoff discount on loan ${loanNumber(loan.seq)}`,
    paymentId: payment.id,
    postings: [
      { account: HOUSE_ACCOUNTS.discounts, amount: -discount },
      { account: HOUSE_ACCOUNTS.loansReceivable, amount: discount },
    ],
  });
  await applyRepayment(tx, deps, forgiven!, payment);
  await recordScheduleChange(tx, {
    loanId: loan.id,
    kind: 'early_payoff',
    before,
    after: await scheduleOf(tx, loan.id),
    discount,
    policyVersion: null,
    actorId: loan.userId,
    idempotencyKey: `payoff:${payment.id}`,
  });
}
