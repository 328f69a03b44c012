import { randomUUID } from 'node:crypto';
import type { MobileNetwork } from '@ecogrid/core';
import type { AuditAction } from '@ecogrid/core/audit';
import type { PaybillReceipt } from '@ecogrid/core/paybill';
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { paybillReceipts, type PaybillReceiptRow } from '#src/db/schema/paybill.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { customerCards } from '#src/features/auth/account-numbers.service.ts';
import { searchUserIds } from '#src/features/auth/profile.service.ts';
import { repayableLoansOf } from '#src/features/loans/loans.service.ts';
import { recordPaybillPayment, type PaymentDeps } from '#src/features/payments/payments.service.ts';
import { AppError } from '#src/platform/errors.ts';
import { after, toPage, type Page, type PageQuery } from '#src/platform/pagination.ts';
import { lockReceipt, moveSuspense, receiptById, toReceipt } from './receipt-rows.ts';

/** Receipts waiting for an admin, oldest first: the queue is worked from the front. */
export async function heldReceipts(db: Database, page: PageQuery): Promise<Page<PaybillReceipt>> {
  const rows = await db
    .select()
    .from(paybillReceipts)
    .where(
      and(
        eq(paybillReceipts.outcome, 'held'),
        after(paybillReceipts.createdAt, paybillReceipts.id, page.cursor, 'asc'),
      ),
    )
    .orderBy(asc(paybillReceipts.createdAt), asc(paybillReceipts.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, toReceipt);
}

/** Customers an admin may give a receipt to (by name, phone or account number), with their loans taking repayments. */
export async function customersForReceipt(db: Database, text: string) {
  const cards = await customerCards(db, await searchUserIds(db, text, 10));
  return Promise.all(cards.map(async (card) => ({ ...card, loans: await repayableLoansOf(db, card.id) })));
}

type Decision = { adminId: string; receiptId: string };

/** A held receipt locked for a decision: another admin's decision first makes this one 409. */
async function heldForDecision(tx: Tx, receiptId: string) {
  const receipt = await lockReceipt(tx, receiptId);
  if (receipt.outcome !== 'held') {
    throw new AppError('receipt_decided', 'This receipt is no longer waiting: someone has dealt with it.', 409);
  }
  return { ...receipt, network: receipt.network as MobileNetwork };
}

/** Records an admin's decision on a receipt and audits it, in the decision's transaction. */
async function closeReceipt(
  tx: Tx,
  receiptId: string,
  adminId: string,
  changes: Partial<Pick<PaybillReceiptRow, 'outcome' | 'paymentId' | 'returnReason'>>,
  audit: { action: AuditAction; reason?: string; details: Record<string, unknown> },
) {
  await tx
    .update(paybillReceipts)
    .set({ ...changes, decidedBy: adminId, decidedAt: new Date() })
    .where(eq(paybillReceipts.id, receiptId));
  await recordAudit(tx, { actorId: adminId, entityType: 'paybill_receipt', entityId: receiptId, ...audit });
}

/**
 * Gives a held receipt to a customer: to one of their loans taking repayments, or else their
 * wallet. The money leaves suspense for the network's clearing account and is settled from
 * there as any paybill payment is (a loan's token and SMS included), in one transaction.
 */
export async function assignReceipt(
  deps: PaymentDeps,
  input: Decision & { customerId: string; loanId?: string | undefined },
): Promise<PaybillReceipt> {
  await deps.db.transaction(async (tx) => {
    const receipt = await heldForDecision(tx, input.receiptId);
    const [customer] = await customerCards(tx, [input.customerId]);
    if (!customer) throw new AppError('not_a_customer', 'Choose a customer to give this payment to.', 422);
    if (input.loanId && !(await repayableLoansOf(tx, customer.id)).some((l) => l.id === input.loanId)) {
      throw new AppError('loan_not_active', "That loan is not one of this customer's loans taking repayments.", 422);
    }
    await moveSuspense(tx, receipt, 'assign', receipt.network, input.adminId);
    const paymentId = randomUUID();
    await recordPaybillPayment(tx, deps, {
      id: paymentId,
      userId: customer.id,
      purpose: input.loanId ? 'loan_repayment' : 'wallet_topup',
      loanId: input.loanId ?? null,
      amount: receipt.amount,
      network: receipt.network,
      payerPhone: receipt.payerPhone,
      transactionId: receipt.transactionId,
      networkRef: receipt.providerRefId,
      actorId: input.adminId,
    });
    await closeReceipt(
      tx,
      receipt.id,
      input.adminId,
      { outcome: 'assigned', paymentId },
      {
        action: 'paybill.assign',
        details: { customerId: customer.id, loanId: input.loanId ?? null, paymentId, amount: receipt.amount },
      },
    );
  });
  return toReceipt(await receiptById(deps.db, input.receiptId));
}

/**
 * Marks a held receipt as going back to its payer: the money moves from suspense to refunds
 * payable, where it waits until finance sends it, and the reason is kept.
 */
export async function returnReceipt(db: Database, input: Decision & { reason: string }): Promise<PaybillReceipt> {
  await db.transaction(async (tx) => {
    const receipt = await heldForDecision(tx, input.receiptId);
    await moveSuspense(tx, receipt, 'return', receipt.network, input.adminId);
    await closeReceipt(
      tx,
      receipt.id,
      input.adminId,
      { outcome: 'returned', returnReason: input.reason },
      {
        action: 'paybill.return',
        reason: input.reason,
        details: { amount: receipt.amount, payerPhone: receipt.payerPhone },
      },
    );
  });
  return toReceipt(await receiptById(db, input.receiptId));
}
