import { randomInt, randomUUID } from 'node:crypto';
import type { MobileNetwork } from '@ecogrid/core';
import {
  failureMessage,
  NETWORK_NAMES,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  type Payment,
  type PaymentPurpose,
  type PaymentStatus,
} from '@ecogrid/core/payments';
import { z } from '@hono/zod-openapi';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { executePrepared, type Database, type Tx } from '#src/db/client.ts';
import { paymentEvents, payments, type PaymentRow } from '#src/db/schema/payments.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { keyReused } from '#src/platform/idempotency.ts';
import type { Logger } from '#src/platform/logger.ts';
import { deviceKeyBox, type SecretBox } from '#src/platform/secret-box.ts';
import { NetworkUnavailable, type MobileMoney, type RemoteStatus } from '#src/platform/mobile-money/index.ts';
import { sendNotification, type NotifierDeps } from '#src/features/notifications/notifications.service.ts';
import { paymentNews } from './payment-news.ts';
import {
  HOUSE_ACCOUNTS,
  journalSql,
  ledgerError,
  postJournal,
  type Posting,
} from '#src/features/wallet/ledger.service.ts';

export type PaymentDeps = NotifierDeps & {
  db: Database;
  mobileMoney: MobileMoney;
  logger: Logger;
  /** Opens pay-as-you-go devices' secret keys, to issue the token a loan repayment buys. */
  deviceKeys?: SecretBox;
};

/** The payment services' needs, from a request's context. */
export const paymentDeps = (v: {
  db: Database;
  mobileMoney: MobileMoney;
  log: Logger;
  realtime: NotifierDeps['realtime'];
  messages: NotifierDeps['messages'];
  publicUrl: string;
  authSecret: string;
}): PaymentDeps => ({
  db: v.db,
  mobileMoney: v.mobileMoney,
  logger: v.log,
  realtime: v.realtime,
  messages: v.messages,
  publicUrl: v.publicUrl,
  deviceKeys: deviceKeyBox(v.authSecret),
});

/** A payment as the API shows it (the core Payment type). */
export const paymentSchema = z
  .object({
    id: z.uuid(),
    reference: z.string(),
    purpose: z.enum(PAYMENT_PURPOSES),
    status: z.enum(PAYMENT_STATUSES),
    method: z.enum(PAYMENT_METHODS),
    amount: z.number().int(),
    phone: z.string().nullable(),
    failureReason: z.string().nullable(),
    failureMessage: z.string().nullable(),
    orderId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    settledAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .openapi('Payment');

const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** EG- and eight letters and digits without look-alikes (no 0/O, 1/I/L): easy to read out on the phone. */
export function newPaymentReference(): string {
  let text = '';
  for (let i = 0; i < 8; i++) text += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `EG-${text}`;
}

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    reference: row.reference,
    purpose: row.purpose,
    status: row.status,
    method: row.method,
    amount: row.amount,
    phone: row.phone,
    failureReason: row.failureReason,
    failureMessage: failureMessage(row.failureReason),
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** Adds to a payment's history, with the status it has at that moment. */
async function recordEvent(
  db: Database | Tx,
  paymentId: string,
  kind: string,
  detail: Record<string, unknown> = {},
  actorId: string | null = null,
) {
  await db.insert(paymentEvents).values({
    paymentId,
    kind,
    detail,
    actorId,
    status: sql`(select status from payments where id = ${paymentId})`,
  });
}

/** One of the caller's payments, or 404 (another's is not found either). */
export async function getOwnPayment(db: Database, userId: string, id: string): Promise<Payment> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  if (!row) throw notFound('No payment of yours has this id.');
  return toPayment(row);
}

export async function pendingPayments(db: Database, userId: string): Promise<Payment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')))
    .orderBy(payments.createdAt);
  return rows.map(toPayment);
}

export async function paymentReferences(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.id, reference: payments.reference })
    .from(payments)
    .where(inArray(payments.id, ids));
  return new Map(rows.map((r) => [r.id, r.reference]));
}

type MobilePayment = {
  userId: string;
  purpose: PaymentPurpose;
  amount: number;
  phone: string;
  network: MobileNetwork;
  idempotencyKey: string | null;
  refundOf?: string | null;
  orderId?: string | null;
  loanId?: string | null;
};

/** Inserts a pending mobile-money payment; with a key already used by this user, returns that one instead. */
async function insertMobilePayment(
  tx: Tx,
  deps: PaymentDeps,
  input: MobilePayment,
  direction: 'collection' | 'disbursement',
): Promise<{ row: PaymentRow; created: boolean }> {
  if (deps.mobileMoney.modes[input.network] === 'off') {
    throw new AppError(
      'network_unavailable',
      `${NETWORK_NAMES[input.network]} is not available for payments. Choose another network or pay from your wallet.`,
      422,
    );
  }
  const expiresAt = new Date(Date.now() + deps.mobileMoney.expiryMinutes * 60_000);
  const [row] = await tx
    .insert(payments)
    .values({
      reference: newPaymentReference(),
      userId: input.userId,
      purpose: input.purpose,
      method: input.network,
      direction,
      amount: input.amount,
      phone: input.phone,
      providerReference: randomUUID(),
      idempotencyKey: input.idempotencyKey,
      refundOf: input.refundOf ?? null,
      orderId: input.orderId ?? null,
      loanId: input.loanId ?? null,
      expiresAt,
    })
    .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
    .returning();
  if (row) {
    await recordEvent(tx, row.id, 'created', { network: input.network, direction });
    return { row, created: true };
  }
  return { row: await paymentByKey(tx, input.userId, input.idempotencyKey!), created: false };
}

/** The payment a user made with an idempotency key (the one a repeated request finds). */
async function paymentByKey(db: Database | Tx, userId: string, key: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
  return row!;
}

/** Sends a payment's request to its network. An unanswered request stays pending for reconciliation. */
async function sendToNetwork(deps: PaymentDeps, row: PaymentRow): Promise<void> {
  const network = deps.mobileMoney.networks[row.method as MobileNetwork];
  const request = {
    reference: row.providerReference!,
    amount: row.amount,
    msisdn: row.phone!,
    externalId: row.reference,
    note: `EcoGrid ${row.reference}`,
  };
  try {
    const outcome = row.direction === 'collection' ? await network.collect(request) : await network.disburse(request);
    if (outcome.accepted) await recordEvent(deps.db, row.id, 'requested');
    else await settlePayment(deps, row.id, { state: 'failed', reason: outcome.reason }, { kind: 'request_refused' });
  } catch (error) {
    if (!(error instanceof NetworkUnavailable)) throw error;
    deps.logger.warn({ paymentId: row.id, err: error }, 'mobile-money request unanswered; reconciliation will ask');
    await recordEvent(deps.db, row.id, 'request_unanswered', { error: error.message });
  }
}

/** A payment row by id (null when there is none). */
export async function paymentRow(db: Database | Tx, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

async function reload(db: Database, id: string): Promise<PaymentRow> {
  return (await paymentRow(db, id))!;
}

/** A wallet top-up by mobile money: pending until the customer approves it on the phone. */
export async function startTopUp(
  deps: PaymentDeps,
  input: { userId: string; amount: number; phone: string; network: MobileNetwork; idempotencyKey: string | null },
): Promise<Payment> {
  const { row, created } = await deps.db.transaction((tx) =>
    insertMobilePayment(tx, deps, { ...input, purpose: 'wallet_topup' }, 'collection'),
  );
  if (created) await sendToNetwork(deps, row);
  return toPayment(await reload(deps.db, row.id));
}

/**
 * Records a pending mobile-money collection for an order or a loan inside the caller's
 * transaction (the thing paid for and its payment commit together); after the commit,
 * `sendPayment` asks the network.
 */
export async function recordCollection(
  tx: Tx,
  deps: PaymentDeps,
  input: {
    userId: string;
    purpose: Extract<PaymentPurpose, 'order' | 'loan_repayment'>;
    amount: number;
    phone: string;
    network: MobileNetwork;
    idempotencyKey: string;
    orderId?: string;
    loanId?: string;
  },
): Promise<{ row: PaymentRow; created: boolean }> {
  return insertMobilePayment(tx, deps, input, 'collection');
}

/** Sends a recorded payment's request to its network (after the transaction that recorded it). */
export async function sendPayment(deps: PaymentDeps, row: PaymentRow): Promise<Payment> {
  await sendToNetwork(deps, row);
  return toPayment(await reload(deps.db, row.id));
}

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

/**
 * A withdrawal to mobile money: the wallet is debited at once (into the network's payouts in
 * flight), so the money cannot be spent twice while the network works; a failed payout puts it back.
 */
export async function startWithdrawal(
  deps: PaymentDeps,
  input: {
    userId: string;
    amount: number;
    phone: string;
    network: MobileNetwork;
    idempotencyKey: string | null;
    refundOf?: string;
  },
  within?: (tx: Tx, payment: PaymentRow) => Promise<void>,
): Promise<Payment> {
  const { row, created } = await deps.db.transaction(async (tx) => {
    const inserted = await insertMobilePayment(tx, deps, { ...input, purpose: 'payout' }, 'disbursement');
    if (inserted.created) {
      await postJournal(tx, {
        idempotencyKey: `payment:${inserted.row.id}:debit`,
        kind: 'payout',
        description: `${input.refundOf ? 'Refund' : 'Withdrawal'} to ${NETWORK_NAMES[input.network]} ${input.phone}`,
        paymentId: inserted.row.id,
        postings: [
          { wallet: input.userId, amount: -input.amount },
          { account: HOUSE_ACCOUNTS.payouts[input.network], amount: input.amount },
        ],
      });
      await within?.(tx, inserted.row);
    }
    return inserted;
  });
  if (created) await sendToNetwork(deps, row);
  return toPayment(await reload(deps.db, row.id));
}

/**
 * A payment from the wallet, settled at once: the wallet pays the business. One statement (one
 * round trip, atomic on its own or inside the caller's transaction) records the payment with its
 * idempotency key and request hash, moves the money through the ledger and adds the history. The
 * same key again (a retry, or a second request racing the first: the unique key makes it wait
 * for the first to commit) returns the first payment, `replayed`; the key with a different
 * request is refused. Not enough money is refused with nothing written, so a retry runs again.
 */
export async function payFromWallet(
  db: Database | Tx,
  input: {
    userId: string;
    amount: number;
    purpose: Extract<PaymentPurpose, 'order' | 'loan_repayment'>;
    description: string;
    /** The caller's Idempotency-Key, and the hash of its request when it came through the API. */
    idempotency: { key: string; requestHash?: string | null };
    orderId?: string | null;
    loanId?: string | null;
  },
): Promise<{ payment: Payment; replayed: boolean }> {
  const house = input.purpose === 'order' ? HOUSE_ACCOUNTS.salesRevenue : HOUSE_ACCOUNTS.loansReceivable;
  const requestHash = input.idempotency.requestHash ?? null;
  let rows: { id: string; reference: string; created_at: string | Date }[];
  try {
    rows = await executePrepared(
      db,
      'pay_from_wallet',
      sql`
      with pay as (
        insert into payments (reference, user_id, purpose, method, direction, status, amount, order_id, loan_id,
                              idempotency_key, request_hash, settled_at)
        values (${newPaymentReference()}, ${input.userId}, ${input.purpose}, 'wallet', 'collection', 'successful',
                ${input.amount}, ${input.orderId ?? null}, ${input.loanId ?? null}, ${input.idempotency.key},
                ${requestHash}, now())
        on conflict (user_id, idempotency_key) do nothing
        returning id, reference, created_at
      ), moved as (
        select journal.journal_id from pay, ${journalSql({
          idempotencyKey: sql`'payment:' || pay.id`,
          kind: input.purpose,
          description: input.description,
          paymentId: sql`pay.id`,
          postings: [
            { wallet: input.userId, amount: -input.amount },
            { account: house, amount: input.amount },
          ],
        })} as journal
      ), history as (
        insert into payment_events (payment_id, kind, status, detail)
        select pay.id, 'settled', 'successful', '{"source":"wallet"}'::jsonb from pay, moved
        returning payment_id
      )
      select pay.id, pay.reference, pay.created_at from pay join history on history.payment_id = pay.id`,
    );
  } catch (error) {
    throw ledgerError(error);
  }
  const row = rows[0];
  if (!row) {
    const first = await paymentByKey(db, input.userId, input.idempotency.key);
    if (first.requestHash !== requestHash) throw keyReused();
    return { payment: toPayment(first), replayed: true };
  }
  const at = new Date(row.created_at).toISOString();
  const payment: Payment = {
    id: row.id,
    reference: row.reference,
    purpose: input.purpose,
    status: 'successful',
    method: 'wallet',
    amount: input.amount,
    phone: null,
    failureReason: null,
    failureMessage: null,
    orderId: input.orderId ?? null,
    createdAt: at,
    updatedAt: at,
    settledAt: at,
    expiresAt: null,
  };
  return { payment, replayed: false };
}

export type Outcome =
  | { state: 'successful'; transactionId?: string | null }
  | { state: 'failed'; reason: string }
  | { state: 'expired' }
  | { state: 'cancelled' };

export type SettleSource = {
  kind: 'callback' | 'status_check' | 'request_refused' | 'expiry' | 'admin';
  actorId?: string;
  detail?: Record<string, unknown>;
};

/** The ledger movement a settled payment makes, if any. */
function settlementPostings(
  row: PaymentRow,
  status: PaymentStatus,
): { kind: string; description: string; postings: Posting[] } | null {
  const network = row.method as MobileNetwork;
  const via = `${NETWORK_NAMES[network]} ${row.phone}`;
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
    // The network collected the order's price: it is the shop's sales revenue.
    if (status !== 'successful') return null;
    return {
      kind: 'order',
      description: `Order paid from ${via}`,
      postings: [
        { account: HOUSE_ACCOUNTS.clearing[network], amount: -row.amount },
        { account: HOUSE_ACCOUNTS.salesRevenue, amount: row.amount },
      ],
    };
  }
  if (row.purpose === 'loan_repayment') {
    // A deposit or repayment collected by the network pays off what the customer owes on credit.
    if (status !== 'successful') return null;
    return {
      kind: 'loan_repayment',
      description: `Loan repayment from ${via}`,
      postings: [
        { account: HOUSE_ACCOUNTS.clearing[network], amount: -row.amount },
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
  const status: PaymentStatus = outcome.state;
  return deps.db.transaction(async (tx) => {
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
      title: news.title,
      message: news.message,
      // withEvent: the 'payment' event above carries this change's toast; the notice only fills the inbox.
      data: { ...data, withEvent: 'payment' },
      // A mobile-money prompt's result is news on the payer's phone; a wallet payment's is on screen.
      sms: row.method !== 'wallet',
    });
    return { changed: true, payment: row };
  });
}

/** A callback's news, applied: settles the payment it names, if that one is still pending. */
export async function applyNetworkNews(
  deps: PaymentDeps,
  network: MobileNetwork,
  providerReference: string,
  status: RemoteStatus,
  detail: Record<string, unknown>,
  amount: number | null,
): Promise<'settled' | 'unchanged' | 'unknown' | 'mismatch'> {
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.providerReference, providerReference), eq(payments.method, network)));
  if (!row) return 'unknown';
  if (amount !== null && amount !== row.amount) {
    await recordEvent(deps.db, row.id, 'callback_rejected', { ...detail, amount, expected: row.amount });
    return 'mismatch';
  }
  if (status.state === 'pending' || status.state === 'not_found') {
    await recordEvent(deps.db, row.id, 'callback', { ...detail, state: status.state });
    return 'unchanged';
  }
  const outcome: Outcome =
    status.state === 'successful'
      ? { state: 'successful', transactionId: status.transactionId }
      : { state: 'failed', reason: status.reason };
  const { changed } = await settlePayment(deps, row.id, outcome, { kind: 'callback', detail });
  return changed ? 'settled' : 'unchanged';
}

/**
 * Asks the networks about payments still pending after `graceSeconds` (their callback may be
 * lost: MTN sends it once and never again). A collection nobody approved before it expires is
 * marked expired; a payout the network never received is failed, and the money returned.
 */
export async function reconcilePayments(
  deps: PaymentDeps,
  options: { graceSeconds?: number; limit?: number } = {},
): Promise<{ checked: number; settled: number; expired: number; unanswered: number }> {
  const grace = options.graceSeconds ?? 30;
  const rows = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        or(eq(payments.method, 'mtn'), eq(payments.method, 'airtel')),
        lt(payments.createdAt, new Date(Date.now() - grace * 1000)),
      ),
    )
    .orderBy(payments.lastCheckedAt, payments.createdAt)
    .limit(options.limit ?? 200);
  const result = { checked: 0, settled: 0, expired: 0, unanswered: 0 };
  for (const row of rows) {
    const network = deps.mobileMoney.networks[row.method as MobileNetwork];
    let status: RemoteStatus;
    try {
      status =
        row.direction === 'collection'
          ? await network.collectionStatus(row.providerReference!)
          : await network.disbursementStatus(row.providerReference!);
    } catch (error) {
      if (!(error instanceof NetworkUnavailable)) throw error;
      result.unanswered++;
      continue;
    }
    result.checked++;
    await deps.db.update(payments).set({ lastCheckedAt: new Date() }).where(eq(payments.id, row.id));
    const detail = { state: status.state, ...('reason' in status ? { reason: status.reason } : {}) };
    if (status.state === 'successful' || status.state === 'failed') {
      const outcome: Outcome =
        status.state === 'successful'
          ? { state: 'successful', transactionId: status.transactionId }
          : { state: 'failed', reason: status.reason };
      if ((await settlePayment(deps, row.id, outcome, { kind: 'status_check', detail })).changed) result.settled++;
      continue;
    }
    const expired = row.expiresAt !== null && row.expiresAt.getTime() <= Date.now();
    if (!expired) {
      await recordEvent(deps.db, row.id, 'status_check', detail);
      continue;
    }
    if (row.direction === 'collection') {
      if ((await settlePayment(deps, row.id, { state: 'expired' }, { kind: 'expiry', detail })).changed)
        result.expired++;
    } else if (status.state === 'not_found') {
      // The network never took the payout, so no money left: it goes back to the wallet.
      const changed = (
        await settlePayment(
          deps,
          row.id,
          { state: 'failed', reason: 'REQUEST_NOT_RECEIVED' },
          { kind: 'status_check', detail },
        )
      ).changed;
      if (changed) result.settled++;
    } else {
      await recordEvent(deps.db, row.id, 'status_check', detail);
    }
  }
  return result;
}
