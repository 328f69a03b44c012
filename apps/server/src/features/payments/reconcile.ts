import type { MobileNetwork } from '@ecogrid/core';
import { and, eq, lt, or } from 'drizzle-orm';
import { payments } from '#src/db/schema/payments.ts';
import { NetworkUnavailable, type RemoteStatus } from '#src/platform/mobile-money/index.ts';
import { recordEvent, type PaymentDeps } from './payment-rows.ts';
import { settlePayment, type Outcome } from './settlement.ts';

/** What a network's final answer (in a callback or to a status check) settles a payment as. */
function outcomeOf(status: Extract<RemoteStatus, { state: 'successful' | 'failed' }>): Outcome {
  return status.state === 'successful'
    ? { state: 'successful', transactionId: status.transactionId }
    : { state: 'failed', reason: status.reason };
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
  const { changed } = await settlePayment(deps, row.id, outcomeOf(status), { kind: 'callback', detail });
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
      const outcome = outcomeOf(status);
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
