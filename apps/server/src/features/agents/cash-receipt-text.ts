import { formatUgx } from '@ecogrid/core';

type Receipt = { receiptNumber: string; amount: number; agentName: string; what: string; token: string | null };

/** A token read out in threes: 123 456 789. */
const spaced = (token: string) => token.replace(/(\d{3})(?=\d)/g, '$1 ');

/**
 * The SMS receipt for cash an agent took, in the customer's language (English, Luganda or
 * Kiswahili, as they chose on their account): the receipt number, the amount, who took it, and
 * the device token the payment bought, to type into the device.
 */
const TEXTS: Record<string, (r: Receipt) => string> = {
  english: (r) =>
    `EcoGrid receipt ${r.receiptNumber}: ${formatUgx(r.amount)} cash received by ${r.agentName} for ${r.what}.` +
    (r.token ? ` Token: ${spaced(r.token)}` : ''),
  luganda: (r) =>
    `Lisiiti ya EcoGrid ${r.receiptNumber}: ${formatUgx(r.amount)} mu buliwo zifunyiddwa ${r.agentName} ku ${r.what}.` +
    (r.token ? ` Tokeni: ${spaced(r.token)}` : ''),
  swahili: (r) =>
    `Risiti ya EcoGrid ${r.receiptNumber}: ${formatUgx(r.amount)} taslimu zimepokelewa na ${r.agentName} kwa ${r.what}.` +
    (r.token ? ` Tokeni: ${spaced(r.token)}` : ''),
};

export function cashReceiptText(language: string, receipt: Receipt): string {
  return (TEXTS[language] ?? TEXTS.english!)(receipt);
}
