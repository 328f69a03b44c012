import { guessNetwork, normalizePhone } from '@ecogrid/core';
import { tidyAccount, type AfricasTalkingPayment, type PaybillReceipt } from '@ecogrid/core/paybill';
import { eq } from 'drizzle-orm';
import { paybillReceipts } from '#src/db/schema/paybill.ts';
import type { PaymentDeps } from '#src/features/payments/payments.service.ts';
import { AppError } from '#src/platform/errors.ts';
import { matchArrival } from './match-receipt.ts';
import { moveSuspense, toReceipt } from './receipt-rows.ts';

/** "UGX 5000.00" to its currency and whole amount; shillings have no minor unit, so cents are refused. */
function parseValue(value: string): { currency: string; amount: number } {
  const [currency, number] = value.split(' ') as [string, string];
  const [whole, cents = '0'] = number.split('.');
  if (Number(cents) !== 0) {
    throw new AppError('invalid_amount', 'The value has cents; amounts are in whole units.', 422);
  }
  return { currency, amount: Number(whole) };
}

/**
 * Takes one Africa's Talking payment notification, once per transaction id. Only a successful
 * customer-to-business payment in shillings moves money: it is applied to what its account names
 * (matchArrival), or, when nothing takes it, held in the paybill suspense account for an admin.
 * Anything else is recorded as ignored. A second delivery of the same transaction changes
 * nothing and answers with the first one's receipt, so the network's retries are harmless.
 */
export async function receivePaybillNotification(
  deps: PaymentDeps,
  notification: AfricasTalkingPayment,
): Promise<{ receipt: PaybillReceipt; duplicate: boolean }> {
  const { currency, amount } = parseValue(notification.value);
  const payerPhone = normalizePhone(notification.source) ?? notification.source;
  const network = guessNetwork(payerPhone);
  const moves =
    notification.category === 'MobileC2B' && notification.status === 'Success' && currency === 'UGX' && amount > 0;
  if (moves && !network) {
    throw new AppError('unknown_network', 'The payer is not an MTN or Airtel Uganda number.', 422);
  }
  const account = tidyAccount(notification.clientAccount ?? '');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paybillReceipts)
      .values({
        transactionId: notification.transactionId,
        providerRefId: notification.providerRefId ?? null,
        provider: notification.provider,
        network,
        payerPhone,
        account,
        currency,
        amount,
        status: notification.status,
        outcome: moves ? 'held' : 'ignored',
        reason: moves ? null : `${notification.category} ${notification.status} ${currency}`,
        notification,
        paidAt: paidAt(notification.transactionDate),
      })
      .onConflictDoNothing({ target: paybillReceipts.transactionId })
      .returning();
    if (!row) {
      const [first] = await tx
        .select()
        .from(paybillReceipts)
        .where(eq(paybillReceipts.transactionId, notification.transactionId));
      return { receipt: toReceipt(first!), duplicate: true };
    }
    if (!moves) return { receipt: toReceipt(row), duplicate: false };
    const arrival = {
      transactionId: row.transactionId,
      networkRef: row.providerRefId,
      network: network!,
      payerPhone,
      account,
      amount,
    };
    const match = await matchArrival(tx, deps, arrival);
    if ('hold' in match) await moveSuspense(tx, row, 'held', network!);
    const [done] = await tx
      .update(paybillReceipts)
      .set('hold' in match ? { reason: match.hold } : { outcome: 'applied', paymentId: match.paymentId })
      .where(eq(paybillReceipts.id, row.id))
      .returning();
    return { receipt: toReceipt(done!), duplicate: false };
  });
}

/** Africa's Talking's "2026-11-27 10:15:00" (UTC) or an ISO time; now when absent or unreadable. */
function paidAt(text: string | null | undefined): Date {
  if (!text) return new Date();
  const at = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}
