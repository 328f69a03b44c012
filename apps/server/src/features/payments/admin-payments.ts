import type { MobileNetwork } from '@ecogrid/core';
import type { PaymentMethod, PaymentPurpose, PaymentStatus } from '@ecogrid/core/payments';
import type { AdminPayment, PaymentDetail, PaymentUser } from '@ecogrid/core/payments.responses';
import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { paymentEvents, payments, type PaymentRow } from '#src/db/schema/payments.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { after, toPage, type Page } from '#src/platform/pagination.ts';
import { auditTrailForAdmin, recordAudit } from '#src/features/audit/audit.service.ts';
import { actorOf, peopleByIds, searchUserIds, userSummaries } from '#src/features/auth/profile.service.ts';
import { fourEyesThreshold, requestApproval } from '#src/features/approvals/approvals.service.ts';
import { journalForPayment } from '#src/features/wallet/ledger.service.ts';
import { paymentRow, settlePayment, startWithdrawal, toPayment, type PaymentDeps } from './payments.service.ts';
import { containsPattern } from '#src/platform/sql-text.ts';

async function withUsers(db: Database, rows: PaymentRow[]): Promise<AdminPayment[]> {
  const users = await userSummaries(db, [...new Set(rows.map((r) => r.userId))]);
  return rows.map((row) => ({
    ...toPayment(row),
    user: users.get(row.userId) ?? ({ id: row.userId, name: '', email: null, phone: null } satisfies PaymentUser),
  }));
}

export async function listPaymentsForAdmin(
  db: Database,
  query: {
    status?: PaymentStatus;
    purpose?: PaymentPurpose;
    method?: PaymentMethod;
    q?: string;
    limit: number;
    cursor?: string;
  },
): Promise<Page<AdminPayment>> {
  const filters: (SQL | undefined)[] = [
    query.status ? eq(payments.status, query.status) : undefined,
    query.purpose ? eq(payments.purpose, query.purpose) : undefined,
    query.method ? eq(payments.method, query.method) : undefined,
    after(payments.createdAt, payments.id, query.cursor),
  ];
  const text = query.q?.trim();
  if (text) {
    const pattern = containsPattern(text);
    const digits = text.replace(/\D/g, '');
    const people = await searchUserIds(db, text, 500);
    filters.push(
      or(
        ilike(payments.reference, pattern),
        digits.length >= 4 ? ilike(payments.phone, `%${digits.replace(/^0/, '')}%`) : undefined,
        people.length > 0 ? inArray(payments.userId, people) : undefined,
      ),
    );
  }
  const rows = await db
    .select()
    .from(payments)
    .where(and(...filters))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, (r) => r);
  return { items: await withUsers(db, page.items), nextCursor: page.nextCursor };
}

export async function paymentDetailForAdmin(db: Database, id: string): Promise<PaymentDetail> {
  const row = await paymentRow(db, id);
  if (!row) throw notFound('No payment has this id.');
  const [payment] = await withUsers(db, [row]);
  const [events, journal, audit, refund] = await Promise.all([
    db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id)).orderBy(asc(paymentEvents.id)),
    journalForPayment(db, id),
    auditTrailForAdmin(db, 'payment', id),
    db.select({ id: payments.id }).from(payments).where(eq(payments.refundOf, id)),
  ]);
  const people = await peopleByIds(
    db,
    events.flatMap((e) => (e.actorId ? [e.actorId] : [])),
  );
  return {
    payment: payment!,
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      status: e.status,
      detail: e.detail,
      actorId: e.actorId,
      actor: e.actorId ? actorOf(people, e.actorId) : null,
      createdAt: e.createdAt.toISOString(),
    })),
    journal,
    audit,
    actions: refundable(row, refund.length > 0),
  };
}

function refundable(row: PaymentRow, refunded: boolean) {
  return {
    markFailed: row.status === 'pending' && row.method !== 'wallet',
    refund: row.status === 'successful' && row.purpose === 'wallet_topup' && row.method !== 'wallet' && !refunded,
  };
}

export type AdminAction = {
  adminId: string;
  reason: string;
  idempotencyKey: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** Set when a second staff member approved the refund: marks the approval in the refund's transaction. */
  approved?: (tx: Tx) => Promise<void>;
};

/**
 * Admin resolution of a payment, audited in the same transaction as the change:
 * - mark failed: a pending mobile-money payment the network will never settle (a payout's money goes back to the wallet);
 * - refund: a successful top-up sent back to the number it came from (the wallet must still hold it).
 */
export async function resolvePayment(
  deps: PaymentDeps,
  id: string,
  action: 'mark_failed' | 'refund',
  who: AdminAction,
) {
  const row = await paymentRow(deps.db, id);
  if (!row) throw notFound('No payment has this id.');
  const [existingRefund] = await deps.db.select({ id: payments.id }).from(payments).where(eq(payments.refundOf, id));
  const allowed = refundable(row, Boolean(existingRefund));
  const audit = (tx: Parameters<typeof recordAudit>[0], details: Record<string, unknown>) =>
    recordAudit(tx, {
      actorId: who.adminId,
      action: `payment.${action}`,
      entityType: 'payment',
      entityId: id,
      reason: who.reason,
      details: { reference: row.reference, amount: row.amount, statusBefore: row.status, ...details },
      ipAddress: who.ipAddress,
      userAgent: who.userAgent,
    });
  if (action === 'mark_failed') {
    if (!allowed.markFailed) {
      throw new AppError(
        'not_pending',
        `Only a pending mobile-money payment can be marked failed; this one is ${row.status}.`,
        422,
      );
    }
    const result = await settlePayment(
      deps,
      id,
      { state: 'failed', reason: 'MARKED_FAILED' },
      { kind: 'admin', actorId: who.adminId, detail: { reason: who.reason } },
      (tx) => audit(tx, {}),
    );
    if (!result.changed)
      throw new AppError('not_pending', 'The payment was settled meanwhile; nothing was changed.', 409);
    return { refund: null, approval: null };
  }
  if (!allowed.refund) {
    throw new AppError(
      'not_refundable',
      existingRefund
        ? 'This payment has already been refunded.'
        : 'Only a successful mobile-money top-up can be refunded to the number it came from.',
      422,
    );
  }
  // Four eyes: a refund above the threshold waits for a second staff member; no money moves yet.
  if (!who.approved && row.amount > (await fourEyesThreshold(deps.db))) {
    const approval = await deps.db.transaction((tx) =>
      requestApproval(tx, deps, {
        kind: 'refund',
        subjectId: id,
        subjectLabel: `Refund of payment ${row.reference}`,
        amount: row.amount,
        reason: who.reason,
        payload: { paymentId: id },
        requestedBy: who.adminId,
      }),
    );
    return { refund: null, approval };
  }
  const refund = await startWithdrawal(
    deps,
    {
      userId: row.userId,
      amount: row.amount,
      phone: row.phone!,
      network: row.method as MobileNetwork,
      idempotencyKey: who.idempotencyKey ? `refund:${who.idempotencyKey}` : null,
      refundOf: id,
    },
    async (tx, payout) => {
      await who.approved?.(tx);
      await audit(tx, { refundPaymentId: payout.id, refundReference: payout.reference });
    },
  );
  return { refund, approval: null };
}

export async function adminPaymentRow(db: Database, id: string) {
  const row = await paymentRow(db, id);
  if (!row) throw notFound('No payment has this id.');
  return (await withUsers(db, [row]))[0]!;
}
