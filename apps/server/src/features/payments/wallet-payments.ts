import { type Payment, type PaymentPurpose } from '@ecogrid/core/payments';
import { sql } from 'drizzle-orm';
import { executePrepared, type Database, type Tx } from '#src/db/client.ts';
import { keyReused } from '#src/platform/idempotency.ts';
import { HOUSE_ACCOUNTS, journalSql, ledgerError } from '#src/features/wallet/ledger.service.ts';
import { newPaymentReference, paymentByKey, toPayment } from './payment-rows.ts';

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
