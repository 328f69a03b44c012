import { randomInt } from 'node:crypto';
import { failureMessage, type Payment } from '@ecogrid/core/payments';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { paymentEvents, payments, type PaymentRow } from '#src/db/schema/payments.ts';
import { notFound } from '#src/platform/errors.ts';
import type { Logger } from '#src/platform/logger.ts';
import type { MobileMoney } from '#src/platform/mobile-money/index.ts';
import type { SecretBox } from '#src/platform/secret-box.ts';
import type { NotifierDeps } from '#src/features/notifications/notifications.service.ts';

export type PaymentDeps = NotifierDeps & {
  db: Database;
  mobileMoney: MobileMoney;
  logger: Logger;
  /** Opens pay-as-you-go devices' secret keys, to issue the token a loan repayment buys. */
  deviceKeys?: SecretBox;
};

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
export async function recordEvent(
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
  return new Map([...(await paymentFacts(db, ids))].map(([id, facts]) => [id, facts.reference]));
}

/** Payments' references and how each was paid (wallet, mtn, airtel, cash), by id, in one query. */
export async function paymentFacts(
  db: Database,
  ids: string[],
): Promise<Map<string, { reference: string; method: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.id, reference: payments.reference, method: payments.method })
    .from(payments)
    .where(inArray(payments.id, ids));
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

/** The payment a user made with an idempotency key (the one a repeated request finds). */
export async function paymentByKey(db: Database | Tx, userId: string, key: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
  return row!;
}

/** A payment row by id (null when there is none). */
export async function paymentRow(db: Database | Tx, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

/** A payment row known to exist, as it is now. */
export async function reload(db: Database, id: string): Promise<PaymentRow> {
  return (await paymentRow(db, id))!;
}

/** A loan's payments, newest first: the loan tracker shows them with what each paid for. */
export async function paymentsForLoan(db: Database | Tx, loanId: string) {
  return db
    .select({
      id: payments.id,
      reference: payments.reference,
      method: payments.method,
      amount: payments.amount,
      status: payments.status,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.loanId, loanId))
    .orderBy(desc(payments.createdAt));
}
