import { formatUgx } from '@ecogrid/core';
import type { PaymentPurpose, PaymentStatus } from '@ecogrid/core/payments';
import type { CatalogueText } from '#src/platform/i18n.ts';

type Settled = Exclude<PaymentStatus, 'pending'>;

/**
 * What a settled payment means to its payer, in people's words (never the status key
 * 'successful'): a notifications catalogue text, written in the payer's language when sent.
 */
export function paymentNews(payment: { purpose: PaymentPurpose; amount: number }, status: Settled): CatalogueText {
  const values = { amount: formatUgx(payment.amount) };
  if (payment.purpose === 'payout') {
    const key = status === 'successful' ? 'withdrawalSent' : 'withdrawalFailed';
    return { key: `notifications:payment.${key}`, values };
  }
  const key = status === 'successful' ? `received.${payment.purpose}` : status;
  return { key: `notifications:payment.${key}`, values };
}
