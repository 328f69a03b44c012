import { randomUUID } from 'node:crypto';
import type { MobileNetwork } from '@ecogrid/core';
import type { PaybillHoldReason } from '@ecogrid/core/paybill';
import type { Tx } from '#src/db/client.ts';
import { customerByAccountNumber } from '#src/features/auth/account-numbers.service.ts';
import { loanForPaybill } from '#src/features/loans/loans.service.ts';
import { orderIdByNumber, takeCashForOrder } from '#src/features/orders/orders.service.ts';
import { recordPaybillPayment, type PaymentDeps } from '#src/features/payments/payments.service.ts';
import { AppError } from '#src/platform/errors.ts';

export type Arrival = {
  transactionId: string;
  networkRef: string | null;
  network: MobileNetwork;
  payerPhone: string;
  account: string;
  amount: number;
};

export type Match = { paymentId: string } | { hold: PaybillHoldReason };

/**
 * Applies arrived paybill money to what its account names, in the caller's transaction:
 * a loan number of a loan taking repayments (repaid: oldest instalment first, the excess to the
 * wallet, a token and its SMS); a customer's account number (their wallet); an order number
 * awaiting payment of exactly this amount (paid). Anything else is not applied and says why.
 */
export async function matchArrival(tx: Tx, deps: PaymentDeps, arrival: Arrival): Promise<Match> {
  const paid = { ...arrival, id: randomUUID() };
  const loan = await loanForPaybill(tx, arrival.account);
  if (loan === 'closed') return { hold: 'loan_closed' };
  if (loan) {
    await recordPaybillPayment(tx, deps, {
      ...paid,
      userId: loan.userId,
      purpose: 'loan_repayment',
      loanId: loan.loanId,
    });
    return { paymentId: paid.id };
  }
  const customer = await customerByAccountNumber(tx, arrival.account);
  if (customer) {
    await recordPaybillPayment(tx, deps, { ...paid, userId: customer.id, purpose: 'wallet_topup' });
    return { paymentId: paid.id };
  }
  const orderId = await orderIdByNumber(tx, arrival.account);
  if (!orderId) return { hold: 'unknown_account' };
  try {
    const order = await takeCashForOrder(tx, {
      orderId,
      customerId: null,
      amount: arrival.amount,
      paymentId: paid.id,
      method: arrival.network,
    });
    await recordPaybillPayment(tx, deps, { ...paid, userId: order.userId, purpose: 'order', orderId });
    return { paymentId: paid.id };
  } catch (error) {
    // The order's checks refuse before they write anything, so the transaction goes on.
    if (!(error instanceof AppError)) throw error;
    return { hold: error.code === 'amount_mismatch' ? 'order_amount_mismatch' : 'order_not_payable' };
  }
}
