import { formatUgx } from '@ecogrid/core';
import { dailyRate, depositDays, kampalaDate, repaymentSchedule, type LoanQuote } from '@ecogrid/core/credit';
import { loanNumber, type Loan, type PaymentChoice } from '@ecogrid/core/loans';
import type { Payment } from '@ecogrid/core/payments';
import { eq } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { loanPayments, loanRepayments, loans, type LoanRow } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import type { IdempotentRequest } from '#src/platform/idempotency.ts';
import { productForSale } from '#src/features/catalog/stock.service.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import { placeCreditOrder } from '#src/features/orders/orders.service.ts';
import { payByChoice, paymentRow, sendPayment, type PaymentRow } from '#src/features/payments/payments.service.ts';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { loanPaymentApplied } from './loan-payment-rules.ts';
import { findLoan, lockLoan, loanEvent, type LoanDeps } from './loan-rows.ts';
import { loanView } from './loan-views.ts';

export type Collection = PaymentRow;

const quoteOf = (loan: LoanRow, start: string): LoanQuote => ({
  cashPrice: loan.cashPrice,
  creditPrice: loan.creditPrice,
  deposit: loan.deposit,
  financed: loan.creditPrice - loan.deposit,
  instalment: loan.instalment,
  lastInstalment: loan.lastInstalment,
  instalments: loan.instalments,
  frequency: loan.frequency,
  costOfCredit: loan.creditPrice - loan.cashPrice,
  depositDays: depositDays(loan.frequency, start),
});

/**
 * Pays an approved loan's deposit in the caller's transaction: from the wallet (the loan is
 * active when it commits), or by a mobile-money collection recorded as the loan's deposit
 * payment, sent after the commit; its settlement activates the loan. Without a choice (cash to
 * an agent) the loan waits for the deposit.
 */
export async function startDeposit(
  tx: Tx,
  deps: LoanDeps,
  loan: LoanRow,
  choice: PaymentChoice | null,
  key = `loan:${loan.id}:deposit`,
): Promise<{ loan: LoanRow; collection: Collection | null; payment: Payment | null }> {
  if (loan.deposit === 0) return { loan: await activate(tx, deps, loan, null), collection: null, payment: null };
  if (!choice) {
    await loanEvent(tx, deps, loan);
    return { loan, collection: null, payment: null };
  }
  const { payment, collection } = await payByChoice(tx, deps, {
    way: choice,
    userId: loan.userId,
    amount: loan.deposit,
    purpose: 'loan_repayment',
    description: `Deposit for loan ${loanNumber(loan.seq)}`,
    idempotency: { key },
    loanId: loan.id,
  });
  if (!collection) {
    return { loan: await activate(tx, deps, loan, { id: payment.id, method: 'wallet' }), collection: null, payment };
  }
  const [waiting] = await tx
    .update(loans)
    .set({ depositPaymentId: collection.id, updatedAt: new Date() })
    .where(eq(loans.id, loan.id))
    .returning();
  await loanEvent(tx, deps, waiting!);
  return { loan: waiting!, collection, payment };
}

/** A customer pays the deposit of a loan an admin approved, from the loan tracker. */
export async function payDeposit(
  deps: LoanDeps,
  input: { userId: string; loanId: string; payment: PaymentChoice; idempotency: IdempotentRequest },
): Promise<{ loan: Loan; payment: Payment | null }> {
  const done = await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, input.userId);
    if (loan.status !== 'approved') {
      throw new AppError(
        'deposit_not_due',
        loan.status === 'pending_approval'
          ? 'This loan is waiting for approval: pay the deposit once it is approved.'
          : 'This loan has no deposit left to pay.',
        409,
      );
    }
    if (loan.depositPaymentId) {
      const earlier = await paymentRow(tx, loan.depositPaymentId);
      if (earlier?.status === 'pending') {
        throw new AppError(
          'deposit_pending',
          'A deposit payment is already waiting for approval on your phone. Approve it, or wait for it to expire.',
          409,
        );
      }
    }
    return startDeposit(tx, deps, loan, input.payment, `loan:${loan.id}:deposit:${input.idempotency.key}`);
  });
  const payment = done.collection ? await sendPayment(deps, done.collection) : done.payment;
  return { loan: await loanView(deps.db, await findLoan(deps.db, input.loanId, null)), payment };
}

/** Whether a deposit payment of this loan is waiting on the customer's phone. */
export async function depositWaiting(tx: Tx, loan: LoanRow): Promise<boolean> {
  return Boolean(loan.depositPaymentId && (await paymentRow(tx, loan.depositPaymentId))?.status === 'pending');
}

/**
 * Activates an approved loan on the day its deposit is paid: the schedule is fixed from that day
 * (the last instalment absorbs the rounding), the daily rate set, the sale on credit booked
 * (what is owed becomes loans receivable), and the order that delivers the product made.
 */
export async function activate(tx: Tx, deps: LoanDeps, loan: LoanRow, payment: { id: string; method: string } | null) {
  const start = kampalaDate(new Date());
  const quote = quoteOf(loan, start);
  const schedule = repaymentSchedule(quote, start);
  const rate = dailyRate(quote, start);
  await tx.insert(loanRepayments).values(
    schedule.map((s) => ({
      loanId: loan.id,
      userId: loan.userId,
      number: s.number,
      dueDate: s.dueDate,
      amountDue: s.amountDue,
    })),
  );
  await postJournal(tx, {
    idempotencyKey: `loan:${loan.id}:sale`,
    kind: 'loan_sale',
    description: `${loan.productName} sold on credit, loan ${loanNumber(loan.seq)}`,
    postings: [
      { account: HOUSE_ACCOUNTS.loansReceivable, amount: -loan.creditPrice },
      { account: HOUSE_ACCOUNTS.salesRevenue, amount: loan.creditPrice },
    ],
  });
  const product = await productForSale(tx, loan.productId);
  await placeCreditOrder(tx, deps, {
    orderId: loan.orderId,
    userId: loan.userId,
    product: {
      id: loan.productId,
      name: loan.productName,
      sku: product?.sku ?? '',
      imageUrl: product?.imageUrl ?? null,
      taxClass: product?.taxClass ?? 'exempt',
    },
    price: loan.creditPrice,
    where: loan.fulfilment as { fulfilment: 'delivery' | 'pickup' },
    paymentMethod: (payment?.method ?? 'wallet') as 'wallet' | 'mtn' | 'airtel' | 'cash',
    paymentId: payment?.id ?? null,
    loanNumber: loanNumber(loan.seq),
    // The order that delivers a loan an agent sold is theirs too, at the loan's rate.
    soldBy: loan.agentId ? { agentId: loan.agentId, commissionBp: loan.commissionBp } : null,
  });
  if (payment) {
    await tx
      .insert(loanPayments)
      .values({ loanId: loan.id, paymentId: payment.id, kind: 'deposit', amount: loan.deposit, allocation: {} })
      .onConflictDoNothing();
  }
  const [active] = await tx
    .update(loans)
    .set({
      status: 'active',
      startDate: start,
      dailyRate: rate,
      paid: loan.deposit,
      daysBought: quote.depositDays,
      depositPaymentId: payment?.id ?? null,
      activatedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(loans.id, loan.id))
    .returning();
  await sendNotification(tx, deps, {
    userId: loan.userId,
    type: 'loan_update',
    text: {
      key: 'notifications:loan.active',
      values: {
        loan: loanNumber(loan.seq),
        product: loan.productName,
        amount: formatUgx(schedule[0]!.amountDue),
        day: { day: schedule[0]!.dueDate },
      },
    },
    data: { loanId: loan.id },
  });
  if (payment && loan.deposit > 0)
    await loanPaymentApplied(tx, deps, active!, { id: payment.id, amount: loan.deposit });
  await loanEvent(tx, deps, active!);
  return active!;
}
