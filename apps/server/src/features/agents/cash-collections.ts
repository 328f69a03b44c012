import { createHash, randomUUID } from 'node:crypto';
import { formatUgx } from '@ecogrid/core';
import type { CashCollected, CashCollection, CashCollectionRequest } from '@ecogrid/core/agent-money';
import { canonicalJson } from '@ecogrid/core/canonical-json';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { agentCustomers } from '#src/db/schema/agents.ts';
import { AppError } from '#src/platform/errors.ts';
import { keyReused } from '#src/platform/idempotency.ts';
import { toPage, type Page, type PageQuery } from '#src/platform/pagination.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { getProfile, userSummaries } from '#src/features/auth/profile.service.ts';
import { cashPaymentToken, loanNumbersOf, takeCashForLoan } from '#src/features/loans/loans.service.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import { tellAdmins } from '#src/features/notifications/staff-notices.service.ts';
import { bringsOrder, orderNumbersOf, takeCashForOrder } from '#src/features/orders/orders.service.ts';
import {
  cashPaymentByKey,
  cashPaymentsCollectedBy,
  recordCashPayment,
  type PaymentDeps,
} from '#src/features/payments/payments.service.ts';
import { agentCashCode, openAccounts } from '#src/features/wallet/ledger.service.ts';
import { cashOnHand, lockAgentProfile } from './agent-profiles.ts';
import { requireAgent } from './agents.service.ts';
import { textsFor } from '#src/platform/i18n.ts';
import { cashReceiptText } from './cash-receipt-text.ts';

/** Whether the agent serves the customer: consent given once is enough, expired or not (cash may sync hours later). */
async function serves(tx: Tx, agentId: string, customerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ customerId: agentCustomers.customerId })
    .from(agentCustomers)
    .where(and(eq(agentCustomers.agentId, agentId), eq(agentCustomers.customerId, customerId)));
  return Boolean(row);
}

const keyOf = (request: CashCollectionRequest) => `cash:${request.clientKey}`;
const hashOf = (request: CashCollectionRequest) => createHash('sha256').update(canonicalJson(request)).digest('hex');

/**
 * Cash an agent took from a customer for a loan (its deposit or a repayment) or an order, sent
 * from the phone (perhaps hours later, perhaps more than once). In one transaction, behind the
 * agent's profile lock: the same key again answers the first collection (`replayed`) and the key
 * with another request is refused; the cash limit is checked (cash on hand plus this must stay
 * within it); the loan or order takes the payment by its own rules; the payment is recorded and
 * settled into the agent's cash on hand; the customer is texted the receipt in their language;
 * and the movement is audited.
 */
export async function recordCashCollection(
  deps: PaymentDeps,
  agentId: string,
  request: CashCollectionRequest,
): Promise<{ replayed: boolean; answer: CashCollected }> {
  await requireAgent(deps.db, agentId);
  const [agent, customer] = await Promise.all([
    getProfile(deps.db, agentId),
    userSummaries(deps.db, [request.customerId]).then((people) => people.get(request.customerId)),
  ]);
  const language = customer ? (await getProfile(deps.db, request.customerId)).preferredLanguage : 'english';
  const requestHash = hashOf(request);
  const done = await deps.db.transaction(async (tx) => {
    const profile = await lockAgentProfile(tx, agentId);
    const first = await cashPaymentByKey(tx, agentId, keyOf(request));
    if (first) {
      if (first.requestHash !== requestHash) throw keyReused();
      return { replayed: true, paymentId: first.id, cashLimit: profile.cashLimit };
    }
    // The agent serves the customer, or brings the order paid on delivery whose money this is.
    const brings =
      request.purpose === 'order' && request.orderId
        ? await bringsOrder(tx, agentId, request.orderId, request.customerId)
        : false;
    if (!customer || (!brings && !(await serves(tx, agentId, request.customerId)))) {
      throw new AppError('not_served', 'You do not serve this customer: get their consent first.', 403);
    }
    const held = (await cashOnHand(tx, [agentId])).get(agentId) ?? 0;
    if (held + request.amount > profile.cashLimit) {
      const room = Math.max(profile.cashLimit - held, 0);
      throw new AppError(
        'cash_limit_reached',
        `You hold ${formatUgx(held)} of your ${formatUgx(profile.cashLimit)} cash limit, so you may take at most ${formatUgx(room)} more. Hand over the cash you hold first.`,
        422,
      );
    }
    const paymentId = randomUUID();
    const target = { customerId: request.customerId, amount: request.amount, paymentId };
    const taken =
      request.purpose === 'loan_repayment'
        ? { what: `loan ${(await takeCashForLoan(tx, { ...target, loanId: request.loanId! })).number}` }
        : { what: `order ${(await takeCashForOrder(tx, { ...target, orderId: request.orderId! })).number}` };
    await openAccounts(tx, [{ code: agentCashCode(agentId), kind: 'agent_cash' }]);
    await recordCashPayment(tx, deps, {
      id: paymentId,
      customerId: request.customerId,
      agentId,
      purpose: request.purpose,
      amount: request.amount,
      receiptNumber: request.receiptNumber,
      key: keyOf(request),
      requestHash,
      loanId: request.loanId ?? null,
      orderId: request.orderId ?? null,
      recordedAt: new Date(request.recordedAt),
    });
    const token = request.loanId ? await cashPaymentToken(tx, request.loanId, paymentId) : null;
    await sendNotification(tx, deps, {
      userId: request.customerId,
      type: 'payment_update',
      title: textsFor(language).t('notifications:payment.cashReceipt'),
      message: cashReceiptText(language, {
        receiptNumber: request.receiptNumber,
        amount: request.amount,
        agentName: agent.fullName ?? 'your agent',
        what: taken.what,
        token,
      }),
      data: { paymentId, reference: request.receiptNumber },
      // The customer keeps the receipt, and types the token into the device.
      sms: true,
      smsPurpose: { purpose: 'receipt', reference: paymentId },
    });
    await recordAudit(tx, {
      actorId: agentId,
      action: 'agent.cash_collected',
      entityType: 'payment',
      entityId: paymentId,
      details: {
        receiptNumber: request.receiptNumber,
        amount: request.amount,
        customerId: request.customerId,
        purpose: request.purpose,
        loanId: request.loanId ?? null,
        orderId: request.orderId ?? null,
        cashOnHandBefore: held,
        cashOnHandAfter: held + request.amount,
      },
    });
    await tellAdminsNearLimit(tx, deps, agent.fullName ?? '', agentId, {
      before: held,
      after: held + request.amount,
      limit: profile.cashLimit,
    });
    return { replayed: false, paymentId, cashLimit: profile.cashLimit };
  });
  const [collection] = (await collectionViews(deps.db, agentId, [done.paymentId])).items;
  const token = request.loanId ? await cashPaymentToken(deps.db, request.loanId, done.paymentId) : null;
  return {
    replayed: done.replayed,
    answer: {
      collection: collection!,
      token,
      cashOnHand: (await cashOnHand(deps.db, [agentId])).get(agentId) ?? 0,
      cashLimit: done.cashLimit,
    },
  };
}

/** The share of an agent's cash limit at which the admins are asked to arrange a handover. */
export const CASH_LIMIT_WARNING = 0.9;

/**
 * A collection that takes the agent's cash on hand to 90 % of their limit or more (from below
 * it): the admins are told, to arrange a handover before the agent must refuse cash. Told once
 * per crossing, since the next collections start above the line.
 */
async function tellAdminsNearLimit(
  tx: Tx,
  deps: PaymentDeps,
  agentName: string,
  agentId: string,
  cash: { before: number; after: number; limit: number },
) {
  const line = cash.limit * CASH_LIMIT_WARNING;
  if (cash.limit <= 0 || cash.before >= line || cash.after < line) return;
  await tellAdmins(tx, deps, {
    type: 'account',
    text: {
      key: 'notifications:staff.cashLimitNear',
      values: { agent: agentName, held: formatUgx(cash.after), limit: formatUgx(cash.limit) },
    },
    data: { agentId },
  });
}

/** The cash an agent collected, newest first (or just the payments named), as their list shows it. */
async function collectionViews(
  db: Database,
  agentId: string,
  only: string[] | null,
  page: PageQuery = { limit: 50 },
): Promise<Page<CashCollection>> {
  const rows = await cashPaymentsCollectedBy(db, agentId, page, only);
  const [people, loanNumbers, orderNumbers] = await Promise.all([
    userSummaries(db, [...new Set(rows.map((r) => r.userId))]),
    loanNumbersOf(
      db,
      rows.flatMap((r) => (r.loanId ? [r.loanId] : [])),
    ),
    orderNumbersOf(
      db,
      rows.flatMap((r) => (r.orderId ? [r.orderId] : [])),
    ),
  ]);
  return toPage(rows, only ? rows.length : page.limit, (r) => ({
    paymentId: r.id,
    receiptNumber: r.reference,
    customerId: r.userId,
    customerName: people.get(r.userId)?.name ?? 'A former customer',
    purpose: r.purpose as CashCollection['purpose'],
    loanId: r.loanId,
    loanNumber: r.loanId ? (loanNumbers.get(r.loanId) ?? null) : null,
    orderId: r.orderId,
    orderNumber: r.orderId ? (orderNumbers.get(r.orderId) ?? null) : null,
    amount: r.amount,
    recordedAt: new Date(r.recordedAt).toISOString(),
    createdAt: r.at.toISOString(),
  }));
}

/** GET /api/agent/collections: the agent's cash collections, newest first, a page at a time. */
export async function listCashCollections(db: Database, agentId: string, page: PageQuery) {
  await requireAgent(db, agentId);
  return collectionViews(db, agentId, null, page);
}
