import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { payments, type PaymentRow } from '#src/db/schema/payments.ts';
import { AppError } from '#src/platform/errors.ts';
import { totalColumns, totalsFor, type Totals } from '#src/platform/group-totals.ts';
import { after, type PageQuery } from '#src/platform/pagination.ts';
import { recordEvent, type PaymentDeps } from './payment-rows.ts';
import { settleWithin } from './settlement.ts';

/** The cash payment an agent recorded with this key (made on their phone), if any. */
export async function cashPaymentByKey(db: Database | Tx, agentId: string, key: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.collectedBy, agentId), eq(payments.idempotencyKey, key)));
  return row ?? null;
}

export type CashPaymentInput = {
  /** Made by the caller beforehand, so the loan or order can name its payment first. */
  id: string;
  customerId: string;
  agentId: string;
  purpose: 'order' | 'loan_repayment';
  amount: number;
  /** The receipt number the agent's phone showed the customer: the payment's reference. */
  receiptNumber: string;
  key: string;
  requestHash: string;
  orderId?: string | null;
  loanId?: string | null;
  /** When the agent recorded it on the phone. */
  recordedAt: Date;
};

/**
 * Cash an agent took, recorded and settled in the caller's transaction: the payment (successful
 * at once, its reference the receipt number), its history, the ledger movement into the agent's
 * cash on hand and the settlement rule of its order or loan. A receipt number already on another
 * payment is refused (409) with nothing written.
 */
export async function recordCashPayment(tx: Tx, deps: PaymentDeps, input: CashPaymentInput): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      id: input.id,
      reference: input.receiptNumber,
      userId: input.customerId,
      purpose: input.purpose,
      method: 'cash',
      direction: 'collection',
      amount: input.amount,
      orderId: input.orderId ?? null,
      loanId: input.loanId ?? null,
      collectedBy: input.agentId,
      idempotencyKey: input.key,
      requestHash: input.requestHash,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw new AppError(
      'receipt_number_taken',
      `Receipt number ${input.receiptNumber} is already on another payment. Record this collection with a new receipt number.`,
      409,
    );
  }
  await recordEvent(
    tx,
    row.id,
    'created',
    { source: 'cash', recordedAt: input.recordedAt.toISOString() },
    input.agentId,
  );
  const settled = await settleWithin(
    tx,
    deps,
    row.id,
    { state: 'successful' },
    { kind: 'cash', actorId: input.agentId },
  );
  return settled.payment!;
}

/** When the agent recorded a cash payment on the phone (kept in its 'created' history event). */
const recordedAt = sql<string>`coalesce((select e.detail->>'recordedAt' from payment_events e
  where e.payment_id = payments.id and e.kind = 'created' order by e.id limit 1),
  to_char(payments.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/** The cash an agent collected, newest first, a keyset page at a time. */
export async function cashPaymentsCollectedBy(
  db: Database,
  agentId: string,
  page: PageQuery,
  only: string[] | null = null,
) {
  return db
    .select({
      id: payments.id,
      reference: payments.reference,
      userId: payments.userId,
      purpose: payments.purpose,
      loanId: payments.loanId,
      orderId: payments.orderId,
      amount: payments.amount,
      status: payments.status,
      recordedAt,
      createdAt: sql<string>`${payments.createdAt}::text`,
      at: payments.createdAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.collectedBy, agentId),
        only ? inArray(payments.id, only) : undefined,
        after(payments.createdAt, payments.id, page.cursor),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.limit + 1);
}

/** Cash each agent collected (successful payments) since a moment: total and count, one query for all. */
export async function cashCollectedSince(db: Database, agentIds: string[], since: Date): Promise<Map<string, Totals>> {
  const rows =
    agentIds.length === 0
      ? []
      : await db
          .select({ key: payments.collectedBy, ...totalColumns(payments.amount) })
          .from(payments)
          .where(
            and(
              inArray(payments.collectedBy, agentIds),
              eq(payments.status, 'successful'),
              gte(payments.createdAt, since),
            ),
          )
          .groupBy(payments.collectedBy);
  return totalsFor(agentIds, rows);
}
