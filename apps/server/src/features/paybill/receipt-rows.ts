import type { MobileNetwork } from '@ecogrid/core';
import type { PaybillReceipt } from '@ecogrid/core/paybill';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { paybillReceipts, type PaybillReceiptRow } from '#src/db/schema/paybill.ts';
import { HOUSE_ACCOUNTS, openAccounts, postJournal } from '#src/features/wallet/ledger.service.ts';
import { notFound } from '#src/platform/errors.ts';

export function toReceipt(row: PaybillReceiptRow): PaybillReceipt {
  return {
    id: row.id,
    payerPhone: row.payerPhone,
    account: row.account,
    amount: row.amount,
    network: row.network,
    networkRef: row.providerRefId,
    outcome: row.outcome,
    reason: row.reason,
    paidAt: row.paidAt.toISOString(),
  };
}

/** A receipt, locked until the caller's transaction ends (404 when there is none). */
export async function lockReceipt(tx: Tx, id: string): Promise<PaybillReceiptRow> {
  const [row] = await tx.select().from(paybillReceipts).where(eq(paybillReceipts.id, id)).for('update');
  if (!row) throw notFound('No paybill receipt has this id.');
  return row;
}

export async function receiptById(db: Database | Tx, id: string): Promise<PaybillReceiptRow> {
  const [row] = await db.select().from(paybillReceipts).where(eq(paybillReceipts.id, id));
  return row!;
}

/**
 * Moves a held receipt's money between the paybill suspense account and another house account,
 * once per receipt and step: in (network clearing → suspense) when it is held, out (suspense →
 * clearing) when an admin assigns it, or to refunds payable when it is returned.
 */
export async function moveSuspense(
  tx: Tx,
  receipt: Pick<PaybillReceiptRow, 'id' | 'amount' | 'transactionId'>,
  step: 'held' | 'assign' | 'return',
  network: MobileNetwork,
  actorId: string | null = null,
) {
  const suspense = HOUSE_ACCOUNTS.paybillSuspense;
  await openAccounts(tx, [
    { code: suspense, kind: 'suspense' },
    { code: HOUSE_ACCOUNTS.refundsPayable, kind: 'refunds_payable' },
  ]);
  const other = step === 'return' ? HOUSE_ACCOUNTS.refundsPayable : HOUSE_ACCOUNTS.clearing[network];
  const into = step === 'held';
  await postJournal(tx, {
    idempotencyKey: `paybill:${receipt.id}:${step}`,
    kind: `paybill_${step}`,
    description:
      step === 'held'
        ? `Paybill ${receipt.transactionId} held: no account matched`
        : step === 'assign'
          ? `Paybill ${receipt.transactionId} assigned by an admin`
          : `Paybill ${receipt.transactionId} to be returned to the payer`,
    createdBy: actorId,
    postings: [
      { account: into ? other : suspense, amount: -receipt.amount },
      { account: into ? suspense : other, amount: receipt.amount },
    ],
  });
}
