import type { MobileNetwork } from '@ecogrid/core';
import type { Tx } from '#src/db/client.ts';
import { payments, type PaymentRow } from '#src/db/schema/payments.ts';
import { newPaymentReference, recordEvent, type PaymentDeps } from './payment-rows.ts';
import { settleWithin } from './settlement.ts';

export type PaybillPaymentInput = {
  /** Made by the caller beforehand, so an order can name its payment first. */
  id: string;
  userId: string;
  purpose: 'order' | 'loan_repayment' | 'wallet_topup';
  amount: number;
  network: MobileNetwork;
  payerPhone: string;
  /** The aggregator's transaction id: one payment per paybill transaction. */
  transactionId: string;
  /** The network's own reference, kept as the payment's provider transaction id. */
  networkRef: string | null;
  orderId?: string | null;
  loanId?: string | null;
  /** The admin who assigned a held receipt, when one did. */
  actorId?: string | null;
};

/**
 * Money a customer pushed by paybill, recorded and settled in the caller's transaction: the
 * money is already in the network's clearing account, so the payment is successful at once and
 * its settlement moves it on (clearing → wallet, loans receivable or sales revenue) and runs the
 * order's or loan's rule (a repayment's token and SMS). The transaction id is the payment's
 * provider reference, unique, so one paybill transaction can never make two payments.
 */
export async function recordPaybillPayment(tx: Tx, deps: PaymentDeps, input: PaybillPaymentInput): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      id: input.id,
      reference: newPaymentReference(),
      userId: input.userId,
      purpose: input.purpose,
      method: input.network,
      direction: 'collection',
      amount: input.amount,
      phone: input.payerPhone,
      providerReference: `paybill:${input.transactionId}`,
      idempotencyKey: `paybill:${input.transactionId}`,
      orderId: input.orderId ?? null,
      loanId: input.loanId ?? null,
    })
    .returning();
  await recordEvent(
    tx,
    row!.id,
    'created',
    { source: 'paybill', transactionId: input.transactionId, networkRef: input.networkRef },
    input.actorId ?? null,
  );
  const settled = await settleWithin(
    tx,
    deps,
    row!.id,
    { state: 'successful', transactionId: input.networkRef },
    input.actorId ? { kind: 'admin', actorId: input.actorId } : { kind: 'callback' },
  );
  return settled.payment!;
}
