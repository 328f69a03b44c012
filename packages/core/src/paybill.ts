import { z } from 'zod';

/**
 * What became of a paybill notification: applied at once (to a loan, the wallet or an order),
 * held for an admin (unapplied), assigned or returned by an admin, or ignored (not a successful
 * payment in shillings, so no money moved).
 */
export const PAYBILL_OUTCOMES = ['applied', 'held', 'assigned', 'returned', 'ignored'] as const;
export type PaybillOutcome = (typeof PAYBILL_OUTCOMES)[number];

/** Why a receipt is held: the words the admin queue shows for each. */
export const PAYBILL_HOLD_REASONS = [
  'unknown_account',
  'loan_closed',
  'order_not_payable',
  'order_amount_mismatch',
] as const;
export type PaybillHoldReason = (typeof PAYBILL_HOLD_REASONS)[number];

/** The Luhn check digit of a string of digits. */
export function luhnDigit(digits: string): number {
  let total = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    total += d;
  }
  return (10 - (total % 10)) % 10;
}

/**
 * A customer's account number: seven digits whose last is the Luhn check digit of the six before;
 * after the 900,000th account, eight digits (seven and their check digit).
 */
export function accountNumberValid(text: string): boolean {
  return /^[1-9]\d{6,7}$/.test(text) && luhnDigit(text.slice(0, -1)) === Number(text.at(-1));
}

/** The account as a payer types it: spaces, dashes and case do not matter. */
export const tidyAccount = (text: string) => text.replace(/[\s-]+/g, '').toUpperCase();

/**
 * Africa's Talking's payment notification (Payments API, "C2B" and others), as it posts it to
 * the payments callback. Fields beyond these are kept but not read.
 */
export const africasTalkingPaymentSchema = z.object({
  transactionId: z.string().trim().min(1).max(100),
  category: z.string().max(50),
  provider: z.string().max(50),
  providerRefId: z.string().max(100).nullish(),
  providerChannel: z.string().max(50).nullish(),
  clientAccount: z.string().max(100).nullish(),
  productName: z.string().max(100).nullish(),
  sourceType: z.string().max(50),
  source: z.string().max(50),
  destinationType: z.string().max(50).nullish(),
  destination: z.string().max(100).nullish(),
  /** "UGX 5000.00": the currency, a space and the amount. */
  value: z.string().regex(/^[A-Z]{3} \d{1,12}(\.\d{1,2})?$/, 'value is the currency, a space and the amount'),
  transactionFee: z.string().max(50).nullish(),
  providerFee: z.string().max(50).nullish(),
  status: z.string().max(50),
  description: z.string().max(500).nullish(),
  requestMetadata: z.record(z.string(), z.unknown()).nullish(),
  providerMetadata: z.record(z.string(), z.unknown()).nullish(),
  transactionDate: z.string().max(50).nullish(),
});
export type AfricasTalkingPayment = z.infer<typeof africasTalkingPaymentSchema>;

/** A held (or decided) receipt as the admin queue shows it. */
export const paybillReceiptSchema = z.object({
  id: z.uuid(),
  payerPhone: z.string(),
  account: z.string(),
  amount: z.number().int(),
  network: z.enum(['mtn', 'airtel']).nullable(),
  networkRef: z.string().nullable(),
  outcome: z.enum(PAYBILL_OUTCOMES),
  reason: z.string().nullable(),
  paidAt: z.string(),
});
export type PaybillReceipt = z.infer<typeof paybillReceiptSchema>;

/** Where an admin puts a held receipt: the customer's wallet, or one of their loans. */
export const paybillAssignSchema = z.object({
  customerId: z.string().min(1).max(100),
  loanId: z.uuid().optional(),
});
export const paybillReturnSchema = z.object({ reason: z.string().trim().min(3).max(300) });
