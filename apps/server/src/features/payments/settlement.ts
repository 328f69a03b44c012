import type { MobileNetwork } from '@ecogrid/core';
import { NETWORK_NAMES, type PaymentPurpose, type PaymentStatus } from '@ecogrid/core/payments';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { payments, type PaymentRow } from '#src/db/schema/payments.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import { agentCashCode, HOUSE_ACCOUNTS, postJournal, type Posting } from '#src/features/wallet/ledger.service.ts';
import { paymentNews } from './payment-news.ts';
import { recordEvent, type PaymentDeps } from './payment-rows.ts';

/**
 * What a settled payment does to the thing it paid for, in the settling transaction. The orders
 * and loans features register their rules for 'order' and 'loan_repayment' payments (they call
 * this service, so the dependency runs that way); settling such a payment with no rule
 * registered fails rather than half-settle.
 */
export type SettlementRule = (tx: Tx, deps: PaymentDeps, payment: PaymentRow) => Promise<void>;
type RuledPurpose = Extract<PaymentPurpose, 'order' | 'loan_repayment'>;
type Settlement = {
  /**
   * Locks the row the payment is for (the order, the loan) before the settlement touches the
   * ledger: the feature's own requests lock that row first and the ledger's accounts after, so
   * a settlement taking them the other way round could deadlock with them.
   */
  lock: SettlementRule;
  settle: SettlementRule;
};
const settlementRules = new Map<PaymentPurpose, Settlement>();

export function onPaymentSettled(purpose: RuledPurpose, rule: Settlement): void {
  settlementRules.set(purpose, rule);
}

export type Outcome =
  | { state: 'successful'; transactionId?: string | null }
  | { state: 'failed'; reason: string }
  | { state: 'expired' }
  | { state: 'cancelled' };

export type SettleSource = {
  kind: 'callback' | 'status_check' | 'request_refused' | 'expiry' | 'admin' | 'cash';
  actorId?: string;
  detail?: Record<string, unknown>;
};

/** The ledger movement a settled payment makes, if any. */
export function settlementPostings(
  row: PaymentRow,
  status: PaymentStatus,
): { kind: string; description: string; postings: Posting[] } | null {
  const network = row.method as MobileNetwork;
  const cash = row.method === 'cash';
  const via = cash ? `cash, receipt ${row.reference}` : `${NETWORK_NAMES[network]} ${row.phone}`;
  // Where money collected for an order or a loan comes from: the network's clearing account,
  // or the cash on hand of the agent who took it (owed to the company until handed over).
  const collected = cash ? agentCashCode(row.collectedBy!) : HOUSE_ACCOUNTS.clearing[network];
  if (row.purpose === 'wallet_topup') {
    if (status !== 'successful') return null;
    return {
      kind: 'wallet_topup',
      description: `Top-up from ${via}`,
      postings: [
        { account: HOUSE_ACCOUNTS.clearing[network], amount: -row.amount },
        { wallet: row.userId, amount: row.amount },
      ],
    };
  }
  if (row.purpose === 'payout') {
    if (status === 'successful') {
      return {
        kind: 'payout_settled',
        description: `Paid out to ${via}`,
        postings: [
          { account: HOUSE_ACCOUNTS.payouts[network], amount: -row.amount },
          { account: HOUSE_ACCOUNTS.clearing[network], amount: row.amount },
        ],
      };
    }
    return {
      kind: 'payout_reversal',
      description: `Withdrawal to ${via} did not go through; money returned`,
      postings: [
        { account: HOUSE_ACCOUNTS.payouts[network], amount: -row.amount },
        { wallet: row.userId, amount: row.amount },
      ],
    };
  }
  if (row.purpose === 'order') {
    // The network (or an agent, in cash) collected the order's price: it is the shop's sales revenue.
    if (status !== 'successful') return null;
    return {
      kind: 'order',
      description: `Order paid from ${via}`,
      postings: [
        { account: collected, amount: -row.amount },
        { account: HOUSE_ACCOUNTS.salesRevenue, amount: row.amount },
      ],
    };
  }
  if (row.purpose === 'loan_repayment') {
    // A deposit or repayment collected by the network or an agent pays off what the customer owes on credit.
    if (status !== 'successful') return null;
    return {
      kind: 'loan_repayment',
      description: `Loan repayment from ${via}`,
      postings: [
        { account: collected, amount: -row.amount },
        { account: HOUSE_ACCOUNTS.loansReceivable, amount: row.amount },
      ],
    };
  }
  throw new Error(`No ledger rule for settling ${row.purpose} payments by ${row.method}`);
}

/**
 * Settles a pending payment once: the status changes, the ledger moves, the history, the
 * notification and the realtime event are written, all in one transaction. A payment that is
 * no longer pending (a second callback, a late one, a status check after the callback) changes
 * nothing; the attempt is kept in its history.
 */
export async function settlePayment(
  deps: PaymentDeps,
  paymentId: string,
  outcome: Outcome,
  source: SettleSource,
  within?: (tx: Tx, payment: PaymentRow) => Promise<void>,
): Promise<{ changed: boolean; payment: PaymentRow | null }> {
  return deps.db.transaction((tx) => settleWithin(tx, deps, paymentId, outcome, source, within));
}

/**
 * settlePayment inside the caller's transaction: for a payment recorded and settled in one
 * request (cash an agent took), so the payment, its settlement and what it pays for commit together.
 */
export async function settleWithin(
  tx: Tx,
  deps: PaymentDeps,
  paymentId: string,
  outcome: Outcome,
  source: SettleSource,
  within?: (tx: Tx, payment: PaymentRow) => Promise<void>,
): Promise<{ changed: boolean; payment: PaymentRow | null }> {
  const status: PaymentStatus = outcome.state;
  const now = new Date();
  const [row] = await tx
    .update(payments)
    .set({
      status,
      failureReason: outcome.state === 'failed' ? outcome.reason : outcome.state === 'expired' ? 'EXPIRED' : null,
      providerTransactionId: outcome.state === 'successful' ? (outcome.transactionId ?? null) : null,
      settledAt: now,
      updatedAt: now,
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning();
  if (!row) {
    const [existing] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (existing) {
      await recordEvent(
        tx,
        paymentId,
        'ignored',
        { source: source.kind, outcome: outcome.state, ...source.detail },
        source.actorId,
      );
    }
    return { changed: false, payment: existing ?? null };
  }
  const ruled = row.purpose === 'order' || row.purpose === 'loan_repayment';
  const rule = ruled ? settlementRules.get(row.purpose) : undefined;
  if (ruled && !rule) throw new Error(`No settlement rule for ${row.purpose} payments: its feature registers it`);
  await rule?.lock(tx, deps, row);
  const movement = settlementPostings(row, status);
  if (movement) {
    await postJournal(tx, {
      ...movement,
      idempotencyKey: `payment:${row.id}:settle`,
      paymentId: row.id,
      createdBy: source.actorId ?? null,
    });
  }
  await recordEvent(
    tx,
    row.id,
    'settled',
    { source: source.kind, outcome: outcome.state, ...source.detail },
    source.actorId,
  );
  await rule?.settle(tx, deps, row);
  await within?.(tx, row);
  const news = paymentNews(row, outcome.state);
  const data = { id: row.id, reference: row.reference, status, amount: row.amount, purpose: row.purpose };
  await deps.realtime.publish(tx, row.userId, { type: 'payment', data });
  await sendNotification(tx, deps, {
    userId: row.userId,
    type: 'payment_update',
    text: news,
    // withEvent: the 'payment' event above carries this change's toast; the notice only fills the inbox.
    data: { ...data, withEvent: 'payment' },
    // A mobile-money prompt's result is news on the payer's phone; a wallet payment's is on
    // screen; cash gets the agent's receipt, texted in the customer's language by the agents feature.
    sms: row.method !== 'wallet' && row.method !== 'cash',
  });
  return { changed: true, payment: row };
}
