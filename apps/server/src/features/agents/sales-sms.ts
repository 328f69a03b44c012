import type { SaleQuote } from '@ecogrid/core/agent-sales';
import { textsFor } from '#src/platform/i18n.ts';

/**
 * The SMS that carries a sale's terms to the customer, in their language: the total, what is
 * paid now, each credit line's deposit and instalments (the last absorbs the rounding, as the
 * quote read out says) and the total cost of credit, then the code that accepts them.
 */
export function saleTermsSms(
  input: { agent: string; quote: SaleQuote; code: string; minutes: number },
  preferredLanguage: string,
): string {
  const { t, money } = textsFor(preferredLanguage);
  const { quote } = input;
  const parts = [
    t('sms:sale.opening', { agent: input.agent }),
    t('sms:sale.total', { total: money(quote.total), payNow: money(quote.payNow) }),
  ];
  for (const line of quote.lines) {
    if (!line.credit) continue;
    const c = line.credit;
    // "x", not "×": the multiplication sign is not in the GSM-7 alphabet and would halve the SMS.
    const product = line.quantity > 1 ? `${line.quantity} x ${line.name}` : line.name;
    parts.push(
      t('sms:sale.credit', {
        product,
        deposit: money(c.deposit),
        count: c.instalments,
        every: t(`sms:sale.every.${c.frequency}`),
        instalment: money(c.instalment),
      }),
    );
  }
  if (quote.costOfCredit > 0) parts.push(t('sms:sale.cost', { amount: money(quote.costOfCredit) }));
  parts.push(t('sms:sale.closing', { code: input.code, minutes: input.minutes }));
  return parts.join(' ');
}
