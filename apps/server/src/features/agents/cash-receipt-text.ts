import { textsFor } from '#src/platform/i18n.ts';

type Receipt = { receiptNumber: string; amount: number; agentName: string; what: string; token: string | null };

/** A token read out in threes: 123 456 789. */
const spacedToken = (token: string) => token.replace(/(\d{3})(?=\d)/g, '$1 ');

/**
 * The SMS receipt for cash an agent took, in the customer's language (English, Luganda or
 * Kiswahili, as they chose on their account): the receipt number, the amount, who took it, and
 * the device token the payment bought, to type into the device.
 */
export function cashReceiptText(language: string, r: Receipt): string {
  const { t, money } = textsFor(language);
  const receipt = t('sms:cashReceipt', {
    receiptNumber: r.receiptNumber,
    amount: money(r.amount),
    agent: r.agentName,
    what: r.what,
  });
  return r.token ? `${receipt} ${t('sms:token', { token: spacedToken(r.token) })}` : receipt;
}
