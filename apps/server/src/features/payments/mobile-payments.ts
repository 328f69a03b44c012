import { randomUUID } from 'node:crypto';
import type { MobileNetwork } from '@ecogrid/core';
import { NETWORK_NAMES, type Payment, type PaymentPurpose } from '@ecogrid/core/payments';
import type { Tx } from '#src/db/client.ts';
import { payments, type PaymentRow } from '#src/db/schema/payments.ts';
import { AppError } from '#src/platform/errors.ts';
import { NetworkUnavailable } from '#src/platform/mobile-money/index.ts';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { newPaymentReference, paymentByKey, recordEvent, reload, toPayment, type PaymentDeps } from './payment-rows.ts';
import { settlePayment } from './settlement.ts';

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
