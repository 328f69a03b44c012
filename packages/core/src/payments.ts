import { z } from 'zod';
import { formatUgx } from './money.ts';
import { guessNetwork, normalizePhone, type MobileNetwork } from './phone.ts';

export const PAYMENT_PURPOSES = ['order', 'wallet_topup', 'loan_repayment', 'payout'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_STATUSES = ['pending', 'successful', 'failed', 'expired', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How a payment moves: from (or to) the wallet, or through one of the mobile-money networks. */
export const PAYMENT_METHODS = ['wallet', 'mtn', 'airtel', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const MOBILE_NETWORKS = ['mtn', 'airtel'] as const satisfies readonly MobileNetwork[];

export const NETWORK_NAMES: Record<MobileNetwork, string> = { mtn: 'MTN Mobile Money', airtel: 'Airtel Money' };

/**
 * One payment's bounds, in whole shillings: MTN and Airtel both refuse less than UGX 500, and
 * UGX 5,000,000 is the highest single mobile-money transaction for a standard account.
 */
export const PAYMENT_LIMITS = { min: 500, max: 5_000_000 } as const;

export const amountSchema = z
  .number({ error: 'Enter the amount in shillings, as a number' })
  .int('Amounts are whole shillings: UGX has no cents')
  .min(PAYMENT_LIMITS.min, `The smallest amount is ${formatUgx(PAYMENT_LIMITS.min)}`)
  .max(PAYMENT_LIMITS.max, `The largest amount is ${formatUgx(PAYMENT_LIMITS.max)}`);

export const MOBILE_NUMBER_MESSAGE = 'Enter a Ugandan mobile number, like 0772 123456';

/** A Ugandan mobile number (+2567…) in E.164 form, or null. */
export function ugandanMobile(input: string): string | null {
  const e164 = normalizePhone(input);
  return e164 && /^\+2567\d{8}$/.test(e164) ? e164 : null;
}

export const mobileNumberSchema = z
  .string({ error: MOBILE_NUMBER_MESSAGE })
  .max(30, MOBILE_NUMBER_MESSAGE)
  .refine((value) => ugandanMobile(value) !== null, MOBILE_NUMBER_MESSAGE);

export const networkSchema = z.enum(MOBILE_NETWORKS, { error: 'Choose MTN Mobile Money or Airtel Money' });

export const topUpRequestSchema = z.strictObject({
  amount: amountSchema,
  phone: mobileNumberSchema,
  network: networkSchema,
});
export type TopUpRequest = z.infer<typeof topUpRequestSchema>;

export const withdrawalRequestSchema = z.strictObject({
  amount: amountSchema,
  phone: mobileNumberSchema,
  network: networkSchema,
  code: z.string({ error: 'Enter the 6-digit code' }).regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** The reasons a mobile-money network gives for a failed payment, as the customer reads them. */
export const FAILURE_MESSAGES: Record<string, string> = {
  NOT_ENOUGH_FUNDS: 'There was not enough money on the mobile-money account.',
  PAYER_NOT_FOUND: 'That number has no mobile-money account.',
  PAYEE_NOT_FOUND: 'That number has no mobile-money account.',
  APPROVAL_REJECTED: 'The payment was declined on the phone.',
  EXPIRED: 'The payment was not approved in time.',
  NOT_ALLOWED: 'The network did not allow this payment.',
  TRANSACTION_NOT_COMPLETED: 'The network could not complete the payment.',
  REQUEST_NOT_RECEIVED: 'The network never received the payment request.',
  INTERNAL_PROCESSING_ERROR: 'The network had a problem. No money was taken.',
  MARKED_FAILED: 'An EcoGrid administrator marked this payment failed.',
};

export function failureMessage(reason: string | null | undefined): string | null {
  if (!reason) return null;
  return FAILURE_MESSAGES[reason] ?? 'The network could not complete the payment.';
}

import type { Payment } from './payments.responses.ts';

export type { Payment };

/** Why a statement line moved the wallet. */
export const STATEMENT_KINDS = [
  'wallet_topup',
  'payout',
  'payout_reversal',
  'order',
  'refund',
  'loan_repayment',
  'commission',
  'commission_reversal',
  'adjustment',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/**
 * The built-in sandbox's test numbers: the last six digits decide what happens (any network
 * prefix). Every other number is approved a few seconds after the request.
 */
export const SANDBOX_SCENARIOS = [
  { digits: '000101', outcome: 'fails: NOT_ENOUGH_FUNDS' },
  { digits: '000102', outcome: 'fails: PAYER_NOT_FOUND' },
  { digits: '000103', outcome: 'fails: APPROVAL_REJECTED' },
  { digits: '000104', outcome: 'fails: EXPIRED' },
  { digits: '000105', outcome: 'the request times out; it went through, and reconciliation finds it' },
  { digits: '000106', outcome: 'stays pending until the payment expires' },
  { digits: '000107', outcome: 'succeeds, and the callback arrives twice' },
  { digits: '000108', outcome: 'succeeds, and the callback arrives late' },
  { digits: '000109', outcome: 'succeeds, and no callback ever arrives (reconciliation settles it)' },
] as const;

export type SandboxScenario =
  | 'success'
  | 'NOT_ENOUGH_FUNDS'
  | 'PAYER_NOT_FOUND'
  | 'APPROVAL_REJECTED'
  | 'EXPIRED'
  | 'timeout'
  | 'pending'
  | 'duplicate_callback'
  | 'late_callback'
  | 'no_callback';

const SCENARIO_BY_DIGITS: Record<string, SandboxScenario> = {
  '000101': 'NOT_ENOUGH_FUNDS',
  '000102': 'PAYER_NOT_FOUND',
  '000103': 'APPROVAL_REJECTED',
  '000104': 'EXPIRED',
  '000105': 'timeout',
  '000106': 'pending',
  '000107': 'duplicate_callback',
  '000108': 'late_callback',
  '000109': 'no_callback',
};

/** What the sandbox does with a payment to or from this number (digits only or E.164). */
export function sandboxScenario(msisdn: string): SandboxScenario {
  return SCENARIO_BY_DIGITS[msisdn.replace(/\D/g, '').slice(-6)] ?? 'success';
}

/** The network to offer first for a number: guessed from its prefix, MTN when unknown. */
export function defaultNetwork(phone: string | null): MobileNetwork {
  const e164 = phone ? ugandanMobile(phone) : null;
  return (e164 && guessNetwork(e164)) || 'mtn';
}

/** Idempotency-Key header values: what Stripe and the IETF draft allow, 8–255 visible characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;
