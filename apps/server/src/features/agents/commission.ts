import { commissionOf } from '@ecogrid/core/agent-money';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { agentCommissions } from '#src/db/schema/agents.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { paymentRow } from '#src/features/payments/payments.service.ts';
import {
  agentCashCode,
  HOUSE_ACCOUNTS,
  lockedWalletBalance,
  openAccounts,
  postJournal,
  type Posting,
} from '#src/features/wallet/ledger.service.ts';

export type Sale = {
  agentId: string;
  paymentId: string;
  /** What the payment paid for, as the statement names it: 'order ORD-100001', 'loan L-000012'. */
  what: string;
  orderId?: string | null;
  loanId?: string | null;
  /** The amount the sale took from this payment. */
  base: number;
  /** The agent's rate when the order or loan was sold. */
  rateBp: number;
};

/**
 * Commission on one successful payment of something an agent sold: the base at the rate of the
 * sale, rounded down, from commission expense into the agent's wallet, in the payment's
 * transaction. One per payment (the payment's key and the table's unique payment); none when it
 * comes to nothing. The statement line names the payment's reference and the customer.
 */
export async function earnCommission(tx: Tx, sale: Sale): Promise<void> {
  const amount = commissionOf(sale.base, sale.rateBp);
  if (amount <= 0) return;
  const payment = await paymentRow(tx, sale.paymentId);
  if (!payment) throw new Error(`No payment ${sale.paymentId} to pay commission on`);
  const customer = (await userSummaries(tx, [payment.userId])).get(payment.userId);
  const journal = await postJournal(tx, {
    idempotencyKey: `commission:${sale.paymentId}`,
    kind: 'commission',
    description: `Commission on payment ${payment.reference} from ${customer?.name ?? 'a customer'} for ${sale.what}`,
    paymentId: sale.paymentId,
    postings: [
      { account: HOUSE_ACCOUNTS.commissionExpense, amount: -amount },
      { wallet: sale.agentId, amount },
    ],
  });
  await tx
    .insert(agentCommissions)
    .values({
      agentId: sale.agentId,
      paymentId: sale.paymentId,
      orderId: sale.orderId ?? null,
      loanId: sale.loanId ?? null,
      base: sale.base,
      rateBp: sale.rateBp,
      amount,
      journalId: journal.transactionId,
    })
    .onConflictDoNothing();
}

/**
 * Takes back, once, the commission paid on a payment that was refunded (or whose paid order was
 * cancelled): from the agent's wallet as far as it goes (a wallet never goes below zero), the
 * rest added to the cash the agent owes the company. The wallet's row is locked while its
 * balance is read, so the split is right whatever else moves the wallet at the same moment.
 */
export async function reverseCommission(tx: Tx, paymentId: string, why: string): Promise<void> {
  const [row] = await tx
    .select()
    .from(agentCommissions)
    .where(and(eq(agentCommissions.paymentId, paymentId), isNull(agentCommissions.reversedAt)))
    .for('update');
  if (!row) return;
  // Read under the wallet's lock: a withdrawal committing meanwhile must not leave this reversal
  // taking more than the wallet still holds (it would be refused, and the cancellation with it).
  const fromWallet = Math.min(await lockedWalletBalance(tx, row.agentId), row.amount);
  const owed = row.amount - fromWallet;
  const postings: Posting[] = [{ account: HOUSE_ACCOUNTS.commissionExpense, amount: row.amount }];
  if (fromWallet > 0) postings.push({ wallet: row.agentId, amount: -fromWallet });
  if (owed > 0) {
    await openAccounts(tx, [{ code: agentCashCode(row.agentId), kind: 'agent_cash' }]);
    postings.push({ account: agentCashCode(row.agentId), amount: -owed });
  }
  const journal = await postJournal(tx, {
    idempotencyKey: `commission:${paymentId}:reversal`,
    kind: 'commission_reversal',
    description: `Commission taken back: ${why}${owed > 0 ? ` (the wallet held too little: the rest is owed with your cash)` : ''}`,
    paymentId,
    reversesId: row.journalId,
    postings,
  });
  await tx
    .update(agentCommissions)
    .set({ reversalJournalId: journal.transactionId, reversedAt: new Date() })
    .where(eq(agentCommissions.id, row.id));
}
