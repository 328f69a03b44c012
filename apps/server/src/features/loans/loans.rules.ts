import { loanNumber } from '@ecogrid/core/loans';
import { eq } from 'drizzle-orm';
import { loans } from '#src/db/schema/loans.ts';
import { onStockTransfer } from '#src/features/catalog/stock-hooks.service.ts';
import { productForSale } from '#src/features/catalog/stock.service.ts';
import {
  onCreditOrderView,
  onOrderDelivered,
  type CreditLookup,
  type DeliveryRule,
} from '#src/features/orders/orders.service.ts';
import { onApproval } from '#src/features/approvals/approvals.service.ts';
import { onRebuildMessage } from '#src/features/messaging/messaging.service.ts';
import { onPaymentSettled, paymentDeps, type SettlementRule } from '#src/features/payments/payments.service.ts';
import { HOUSE_ACCOUNTS } from '#src/features/wallet/ledger.service.ts';
import { refundToWallet } from '#src/features/wallet/refund.service.ts';
import { activate } from './deposits.ts';
import { moveDevicesWithTransfer, takeDeviceForDelivery } from './devices.service.ts';
import { lockLoan, loanEvent, takesRepayments } from './loan-rows.ts';
import { applyPayoff, payoffDiscountOf } from './payoff.ts';
import { applyRecovery, closedAsLoss } from './recoveries.ts';
import { applyRepayment } from './repayments.ts';
import { rebuildTokenText, sendTokens } from './tokens.ts';
import { writeOffLoan, writeOffLoans } from './write-offs.ts';

/**
 * How loans react to the other features' events: a loan payment settled, a credit order shown,
 * a credit order delivered, a token SMS to write again, a stock transfer naming devices. Registered by every entry point that settles payments or moves
 * orders (app.ts and background.ts, through src/rules.ts), never by importing this file; doing
 * it twice changes nothing. Why: docs/decisions/008-cross-feature-rules.md.
 */
export function registerLoanRules(): void {
  // What a second staff member approved (decision 020): written off by the approver, the approval
  // marked in the same transaction.
  onApproval('write_off', {
    right: 'write_offs.change',
    run: async (vars, approval, who) => {
      const input = { loanId: String(approval.payload.loanId), actorId: who.approverId, reason: approval.reason };
      await writeOffLoan(paymentDeps(vars), input, who.claim);
    },
  });
  onApproval('write_offs', {
    right: 'write_offs.change',
    run: async (vars, approval, who) => {
      const loanIds = (approval.payload.loanIds as string[]) ?? [];
      await writeOffLoans(paymentDeps(vars), { loanIds, actorId: who.approverId, reason: approval.reason }, who.claim);
    },
  });
  onPaymentSettled('loan_repayment', { lock: lockLoanPayment, settle: settleLoanPayment });
  onCreditOrderView(creditOrderLoan);
  onOrderDelivered('loan-device', giveDevice);
  onRebuildMessage('token', rebuildTokenText);
  onStockTransfer('devices', moveDevicesWithTransfer);
}

/**
 * A loan payment's settlement. The deposit: a successful one activates the approved loan; one
 * that failed leaves it approved, to be paid again. A repayment: a successful one is applied (an
 * early payoff's with its discount).
 * Money that arrives for a loan no longer taking it (cancelled, or paid off meanwhile) goes to
 * the customer's wallet. On a loan written off or repossessed it is a recovery.
 */
const settleLoanPayment: SettlementRule = async (tx, deps, payment) => {
  if (!payment.loanId) throw new Error(`Loan payment ${payment.id} has no loan`);
  const loan = await lockLoan(tx, payment.loanId, null);
  if (payment.status !== 'successful') {
    if (loan.depositPaymentId === payment.id) await loanEvent(tx, deps, loan);
    return;
  }
  const isDeposit = loan.depositPaymentId === payment.id;
  if (isDeposit && loan.status === 'approved') {
    await activate(tx, deps, loan, { id: payment.id, method: payment.method });
    return;
  }
  if (!isDeposit && takesRepayments(loan)) {
    const paying = { id: payment.id, amount: payment.amount, method: payment.method };
    const discount = payoffDiscountOf(payment.idempotencyKey);
    await (discount === null ? applyRepayment(tx, deps, loan, paying) : applyPayoff(tx, deps, loan, paying, discount));
    return;
  }
  if (!isDeposit && closedAsLoss(loan)) {
    await applyRecovery(tx, deps, loan, { id: payment.id, amount: payment.amount });
    return;
  }
  await refundToWallet(tx, {
    idempotencyKey: `payment:${payment.id}:late-refund`,
    description: `Refund: payment for loan ${loanNumber(loan.seq)} arrived when it took no more`,
    paymentId: payment.id,
    from: HOUSE_ACCOUNTS.loansReceivable,
    userId: loan.userId,
    amount: payment.amount,
  });
};

/** The loan is locked before the settlement touches the ledger, as the loans' own requests do. */
const lockLoanPayment: SettlementRule = async (tx, _deps, payment) => {
  if (payment.loanId) await lockLoan(tx, payment.loanId, null);
};

/** A credit order names its loan and the deposit paid (its page, the admin's and the receipt). */
const creditOrderLoan: CreditLookup = async (db, orderId) => {
  const [loan] = await db
    .select({ id: loans.id, seq: loans.seq, deposit: loans.deposit })
    .from(loans)
    .where(eq(loans.orderId, orderId));
  return loan ? { id: loan.id, number: loanNumber(loan.seq), deposit: loan.deposit } : null;
};

/**
 * A credit order's delivery gives its loan a device of the product bought: the one whose serial
 * number the admin gave (in stock, and that product), or else the oldest of that product in
 * stock. The device gets a token for the days already paid for (or the unlock token, for a loan
 * already paid off).
 */
const giveDevice: DeliveryRule = async (tx, deps, order, { deviceSerial }) => {
  const [loan] = await tx.select().from(loans).where(eq(loans.orderId, order.id)).for('update');
  if (!loan || loan.deviceId) return false;
  const product = await productForSale(tx, loan.productId);
  const device = await takeDeviceForDelivery(tx, {
    productId: loan.productId,
    productName: product?.name ?? 'the product bought',
    serial: deviceSerial ?? null,
    forWhat: `order ${order.number}`,
    warrantyMonths: product?.warrantyMonths ?? 0,
  });
  const [assigned] = await tx
    .update(loans)
    .set({ deviceId: device.id, updatedAt: new Date() })
    .where(eq(loans.id, loan.id))
    .returning();
  await sendTokens(tx, deps, assigned!, 'delivery');
  await loanEvent(tx, deps, assigned!);
  return true;
};
