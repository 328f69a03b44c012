import { formatUgx } from '@ecogrid/core';
import type { PaymentChoice } from '@ecogrid/core/loans';
import type { OrderPayment } from '@ecogrid/core/orders';
import { PAYMENT_LIMITS, ugandanMobile, type Payment, type PaymentPurpose } from '@ecogrid/core/payments';
import type { Tx } from '#src/db/client.ts';
import type { PaymentRow } from '#src/db/schema/payments.ts';
import { AppError } from '#src/platform/errors.ts';
import { recordCollection } from './mobile-payments.ts';
import { toPayment, type PaymentDeps } from './payment-rows.ts';
import { payFromWallet } from './wallet-payments.ts';

type TooFar = 'amount_too_large' | 'amount_too_small';

/** The refusal's words: what the customer can do instead depends on the screen they pay from. */
export type AmountAdvice = (problem: TooFar) => string;

const changeTheAmount: AmountAdvice = () =>
  `Mobile money takes from ${formatUgx(PAYMENT_LIMITS.min)} to ${formatUgx(PAYMENT_LIMITS.max)} in one payment. Pay from your wallet, or change the amount.`;

/** Refuses (422) an amount the networks do not take in one mobile-money payment. */
export function checkMobileAmount(amount: number, advice: AmountAdvice = changeTheAmount): void {
  if (amount > PAYMENT_LIMITS.max) throw new AppError('amount_too_large', advice('amount_too_large'), 422);
  if (amount < PAYMENT_LIMITS.min) throw new AppError('amount_too_small', advice('amount_too_small'), 422);
}

/** How the customer chose to pay: at checkout and in the loan tracker, or when paying an order again. */
export type PaymentWay = PaymentChoice | OrderPayment;

/**
 * Pays for an order or a loan in the caller's transaction, the way the customer chose. From the
 * wallet it is settled at once (`replayed` when the key was used before). By mobile money the
 * amount is checked and a pending collection recorded; the caller sends it with `sendPayment`
 * after its transaction commits, and its settlement rule finishes the job.
 */
export async function payByChoice(
  tx: Tx,
  deps: PaymentDeps,
  input: {
    way: PaymentWay;
    userId: string;
    amount: number;
    purpose: Extract<PaymentPurpose, 'order' | 'loan_repayment'>;
    /** The wallet statement's line. */
    description: string;
    idempotency: { key: string; requestHash?: string | null };
    orderId?: string;
    loanId?: string;
    advice?: AmountAdvice;
  },
): Promise<{ payment: Payment; replayed: boolean; collection: PaymentRow | null }> {
  const { way, userId, amount, purpose, orderId, loanId } = input;
  if (way.method === 'wallet') {
    const paid = await payFromWallet(tx, {
      userId,
      amount,
      purpose,
      description: input.description,
      idempotency: input.idempotency,
      orderId,
      loanId,
    });
    return { ...paid, collection: null };
  }
  checkMobileAmount(amount, input.advice);
  const { row, created } = await recordCollection(tx, deps, {
    userId,
    purpose,
    amount,
    phone: ugandanMobile(way.phone)!,
    network: way.method === 'mobile_money' ? way.network : way.method,
    idempotencyKey: input.idempotency.key,
    orderId,
    loanId,
  });
  return { payment: toPayment(row), replayed: !created, collection: row };
}
