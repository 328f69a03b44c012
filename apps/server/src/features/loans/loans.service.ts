import { randomUUID } from 'node:crypto';
import { formatUgx } from '@ecogrid/core';
import {
  addDays,
  allocateRepayment,
  dailyRate,
  daysBetween,
  dueDateOf,
  kampalaDate,
  quoteLoan,
  repaymentSchedule,
  type LoanQuote,
} from '@ecogrid/core/credit';
import {
  ACTIVE_LOAN_LIMIT,
  creditHold,
  loanNumber,
  OPEN_LOAN_STATUSES,
  type Loan,
  type LoanApplication,
  type LoanPlan,
  type LoanPlanInput,
  type LoanSummary,
  type PaymentChoice,
} from '@ecogrid/core/loans';
import { MAX_ACTIVATION_VALUE } from '@ecogrid/core/openpaygo';
import { PAYMENT_LIMITS, ugandanMobile, type Payment } from '@ecogrid/core/payments';
import { and, asc, desc, eq, inArray, like, ne, sql } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '#src/db/client.ts';
import {
  devices,
  deviceTokens,
  loanPayments,
  loanPlans,
  loanRepayments,
  loans,
  type LoanRow,
} from '#src/db/schema/loans.ts';
import { hasPgCode, UNIQUE_VIOLATION } from '#src/platform/db-errors.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import type { IdempotentRequest } from '#src/platform/idempotency.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { removeCartLines, takeCartLines } from '#src/features/cart/cart.service.ts';
import { productForSale, productsForSale, releaseStock, reserveStock } from '#src/features/catalog/stock.service.ts';
import { creditStanding } from '#src/features/kyc/kyc.service.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import {
  fulfilmentDetails,
  onCreditOrderView,
  onOrderDelivered,
  placeCreditOrder,
} from '#src/features/orders/orders.service.ts';
import {
  onPaymentSettled,
  payFromWallet,
  paymentRow,
  recordCollection,
  sendPayment,
  toPayment,
  type PaymentDeps,
  type SettlementRule,
} from '#src/features/payments/payments.service.ts';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { issueToken, takeDeviceForDelivery } from './devices.service.ts';
import { startsWithPattern } from '#src/platform/sql-text.ts';

export type LoanDeps = PaymentDeps;

/** Days an approved loan waits for its deposit before it is closed and its unit put back on sale. */
export const DEPOSIT_DAYS = 14;

const loanNotFound = () => notFound('No loan of yours has this id.');
const OPEN_STATUSES = OPEN_LOAN_STATUSES;

// ---- plans ----

const toPlan = (row: typeof loanPlans.$inferSelect): LoanPlan => ({
  id: row.id,
  productId: row.productId,
  name: row.name,
  depositBp: row.depositBp,
  instalments: row.instalments,
  frequency: row.frequency,
  markupBp: row.markupBp,
  active: row.active,
});

/** A product's plans: the active ones for customers, all of them for admins. */
export async function productPlans(db: Database | Tx, productId: string, activeOnly: boolean): Promise<LoanPlan[]> {
  const rows = await db
    .select()
    .from(loanPlans)
    .where(and(eq(loanPlans.productId, productId), activeOnly ? eq(loanPlans.active, true) : undefined))
    .orderBy(asc(loanPlans.instalments), asc(loanPlans.createdAt));
  return rows.map(toPlan);
}

export async function addPlan(db: Database, actorId: string, productId: string, input: LoanPlanInput) {
  return db.transaction(async (tx) => {
    const product = await productForSale(tx, productId);
    if (!product) throw notFound('No product has this id.');
    if (!product.loanEligible) {
      throw new AppError(
        'not_loan_eligible',
        'This product is not sold on credit. Mark it as sold on credit before adding plans.',
        422,
      );
    }
    const [row] = await tx
      .insert(loanPlans)
      .values({ ...input, productId, active: input.active ?? true })
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'loan_plan.create',
      entityType: 'loan_plan',
      entityId: row!.id,
      details: { productId, ...input },
    });
    return toPlan(row!);
  });
}

export async function changePlan(db: Database, actorId: string, planId: string, input: LoanPlanInput) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(loanPlans).where(eq(loanPlans.id, planId)).for('update');
    if (!before) throw notFound('No loan plan has this id.');
    const [row] = await tx
      .update(loanPlans)
      .set({ ...input, active: input.active ?? true, updatedAt: new Date() })
      .where(eq(loanPlans.id, planId))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'loan_plan.update',
      entityType: 'loan_plan',
      entityId: planId,
      details: { before: toPlan(before), after: toPlan(row!) },
    });
    return toPlan(row!);
  });
}

// ---- views ----

const quoteOf = (loan: LoanRow): LoanQuote => ({
  cashPrice: loan.cashPrice,
  creditPrice: loan.creditPrice,
  deposit: loan.deposit,
  financed: loan.creditPrice - loan.deposit,
  instalment: loan.instalment,
  lastInstalment: loan.lastInstalment,
  instalments: loan.instalments,
  frequency: loan.frequency,
  costOfCredit: loan.creditPrice - loan.cashPrice,
});

type Extras = { imageUrl: string | null; deviceSerial: string | null; nextDue: LoanSummary['nextDue'] };

function toSummary(loan: LoanRow, extras: Extras): LoanSummary {
  return {
    id: loan.id,
    number: loanNumber(loan.seq),
    status: loan.status,
    productId: loan.productId,
    productName: loan.productName,
    imageUrl: extras.imageUrl,
    planName: loan.planName,
    cashPrice: loan.cashPrice,
    creditPrice: loan.creditPrice,
    deposit: loan.deposit,
    instalment: loan.instalment,
    lastInstalment: loan.lastInstalment,
    instalments: loan.instalments,
    frequency: loan.frequency,
    costOfCredit: loan.creditPrice - loan.cashPrice,
    dailyRate: loan.dailyRate ?? 0,
    paid: loan.paid,
    outstanding: loan.creditPrice - loan.paid,
    nextDue: extras.nextDue,
    daysPastDue: loan.daysPastDue,
    startDate: loan.startDate,
    deviceSerial: extras.deviceSerial,
    decisionNote: loan.decisionNote,
    depositDueBy: depositDueBy(loan),
    createdAt: loan.createdAt.toISOString(),
  };
}

/**
 * An approved loan's last day to pay the deposit: DEPOSIT_DAYS after the day it was approved (the
 * daily job closes it the day after).
 */
const depositDueBy = (loan: LoanRow): string | null =>
  loan.status === 'approved' && loan.decidedAt ? addDays(kampalaDate(loan.decidedAt), DEPOSIT_DAYS) : null;

/** The summaries of these loans, with their pictures, devices and next amounts due, in three queries. */
export async function summaries(db: Database | Tx, rows: LoanRow[]): Promise<LoanSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const deviceIds = rows.flatMap((r) => (r.deviceId ? [r.deviceId] : []));
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const [next, serials, pictures] = await Promise.all([
    db
      .selectDistinctOn([loanRepayments.loanId], {
        loanId: loanRepayments.loanId,
        dueDate: loanRepayments.dueDate,
        amount: sql<number>`(${loanRepayments.amountDue} - ${loanRepayments.amountPaid})::float8`,
      })
      .from(loanRepayments)
      .where(and(inArray(loanRepayments.loanId, ids), ne(loanRepayments.status, 'paid')))
      .orderBy(loanRepayments.loanId, asc(loanRepayments.number)),
    deviceIds.length
      ? db.select({ id: devices.id, serial: devices.serialNumber }).from(devices).where(inArray(devices.id, deviceIds))
      : [],
    productsForSale(db, productIds),
  ]);
  const nextBy = new Map(next.map((n) => [n.loanId, { dueDate: n.dueDate, amount: Number(n.amount) }]));
  const serialBy = new Map(serials.map((s) => [s.id, s.serial]));
  return rows.map((row) =>
    toSummary(row, {
      imageUrl: pictures.get(row.productId)?.imageUrl ?? null,
      deviceSerial: row.deviceId ? (serialBy.get(row.deviceId) ?? null) : null,
      nextDue: row.status === 'active' ? (nextBy.get(row.id) ?? null) : null,
    }),
  );
}

/** A loan whole: its summary, schedule, payments and tokens. */
export async function loanView(db: Database | Tx, loan: LoanRow): Promise<Loan> {
  const [[summary], schedule, paid, tokens] = await Promise.all([
    summaries(db, [loan]),
    db.select().from(loanRepayments).where(eq(loanRepayments.loanId, loan.id)).orderBy(asc(loanRepayments.number)),
    queryRows<{
      id: string;
      reference: string;
      kind: 'deposit' | 'repayment' | null;
      method: string;
      amount: string | number;
      status: string;
      created_at: string | Date;
    }>(
      db,
      sql`
      select p.id, p.reference, lp.kind, p.method, p.amount, p.status, p.created_at
      from payments p left join loan_payments lp on lp.payment_id = p.id
      where p.loan_id = ${loan.id}
      order by p.created_at desc`,
    ),
    loan.deviceId
      ? db
          .select()
          .from(deviceTokens)
          .where(and(eq(deviceTokens.deviceId, loan.deviceId), like(deviceTokens.reference, `loan:${loan.id}:%`)))
          .orderBy(desc(deviceTokens.count))
      : [],
  ]);
  return {
    ...summary!,
    schedule: schedule.map((r) => ({
      id: r.id,
      userId: r.userId,
      number: r.number,
      dueDate: r.dueDate,
      amountDue: r.amountDue,
      amountPaid: r.amountPaid,
      status: r.status,
    })),
    payments: paid.map((p) => ({
      id: p.id,
      reference: p.reference,
      kind: p.kind ?? (p.id === loan.depositPaymentId ? 'deposit' : 'repayment'),
      method: p.method,
      amount: Number(p.amount),
      status: p.status,
      createdAt: new Date(p.created_at).toISOString(),
    })),
    tokens: tokens.map((t) => ({
      token: t.token,
      type: t.type,
      days: t.days,
      count: t.count,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}

export async function myLoans(db: Database, userId: string): Promise<LoanSummary[]> {
  const rows = await db.select().from(loans).where(eq(loans.userId, userId)).orderBy(desc(loans.createdAt)).limit(100);
  return summaries(db, rows);
}

/** A loan by id: the customer's own (another's is not found), or any for an admin (null). */
export async function findLoan(db: Database | Tx, id: string, userId: string | null): Promise<LoanRow> {
  const [row] = await db.select().from(loans).where(eq(loans.id, id));
  if (!row || (userId !== null && row.userId !== userId)) throw loanNotFound();
  return row;
}

async function lockLoan(tx: Tx, id: string, userId: string | null): Promise<LoanRow> {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
  if (!row || (userId !== null && row.userId !== userId)) throw loanNotFound();
  return row;
}

async function loanEvent(tx: Tx, deps: LoanDeps, loan: Pick<LoanRow, 'id' | 'userId' | 'status'>) {
  await deps.realtime.publish(tx, loan.userId, { type: 'loan', data: { id: loan.id, status: loan.status } });
}

// ---- applying ----

type Collection = Awaited<ReturnType<typeof recordCollection>>['row'];

/**
 * Why an application waits for an admin, or null when the credit policy approves it. The loans
 * this checkout already made count: the transaction sees them.
 */
async function policyHold(tx: Tx, userId: string): Promise<string | null> {
  const [open] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      arrears: sql<number>`count(*) filter (where ${loans.status} = 'active' and ${loans.daysPastDue} > 0)::int`,
    })
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.status, [...OPEN_STATUSES])));
  // The same rule the checkout uses to say which deposits are taken at once.
  const hold = creditHold(open!);
  if (hold === 'arrears') return 'Waiting for approval: another loan of yours is in arrears.';
  if (hold === 'limit') {
    return `Waiting for approval: a customer may have ${ACTIVE_LOAN_LIMIT} loans open before an admin looks.`;
  }
  return null;
}

/**
 * The credit part of a checkout, in one transaction: each credit line of the cart becomes one
 * loan application per unit, on the plan the customer chose and accepted, with the unit reserved
 * in stock. The credit policy approves it when the identity check is verified, no loan is in
 * arrears and the customer is under the open-loan limit; otherwise it waits for an admin. An
 * approved loan's deposit is paid at once: from the wallet in the same transaction (which
 * activates it), or by a mobile-money collection that activates it when it settles. Not enough
 * in the wallet, a plan not offered for the product, a unit out of stock: nothing is kept.
 */
export async function applyForLoans(
  deps: LoanDeps,
  input: { userId: string; application: LoanApplication; idempotency: IdempotentRequest },
): Promise<{ loans: LoanSummary[]; payments: Payment[] }> {
  const { userId, application } = input;
  const earlier = await loansByKey(deps.db, userId, input.idempotency.key);
  if (earlier.length > 0) return { loans: await summaries(deps.db, earlier), payments: [] };
  let made: { rows: LoanRow[]; collections: Collection[] };
  try {
    made = await deps.db.transaction(async (tx) => {
      const standing = await creditStanding(tx, userId);
      if (!standing.verified) {
        throw new AppError(
          'kyc_required',
          'Buying on credit needs a verified identity check. Finish it, then come back to checkout.',
          403,
        );
      }
      const lines = await takeCartLines(tx, userId, 'loan');
      if (lines.length === 0) {
        throw new AppError(
          'no_credit_lines',
          'Your cart has nothing to buy on credit: add a product on credit first.',
          422,
        );
      }
      const chosen = new Map(application.plans.map((p) => [p.cartItemId, p.planId]));
      const planRows = await tx
        .select()
        .from(loanPlans)
        .where(inArray(loanPlans.id, [...new Set(chosen.values())]));
      const plans = new Map(planRows.map((p) => [p.id, p]));
      const where = { fulfilment: application.fulfilment, ...(await fulfilmentDetails(tx, application)) };
      const rows: LoanRow[] = [];
      let unit = 0;
      for (const line of lines) {
        const plan = plans.get(chosen.get(line.id) ?? '');
        if (!plan || plan.productId !== line.productId || !plan.active) {
          throw new AppError(
            'plan_not_allowed',
            'Choose one of the plans offered for each product you buy on credit.',
            422,
          );
        }
        for (let i = 0; i < line.quantity; i++) {
          const orderId = randomUUID();
          const product = (await reserveStock(tx, orderId, [{ productId: line.productId, quantity: 1 }])).get(
            line.productId,
          )!;
          if (!product.loanEligible) {
            throw new AppError('plan_not_allowed', `${product.name} is no longer sold on credit.`, 422);
          }
          const quote = quoteLoan(product.price, plan);
          const hold = await policyHold(tx, userId);
          const [row] = await tx
            .insert(loans)
            .values({
              userId,
              productId: product.id,
              planId: plan.id,
              planName: plan.name,
              productName: product.name,
              agentId: standing.agentId,
              orderId,
              status: hold ? 'pending_approval' : 'approved',
              cashPrice: quote.cashPrice,
              creditPrice: quote.creditPrice,
              deposit: quote.deposit,
              instalment: quote.instalment,
              lastInstalment: quote.lastInstalment,
              instalments: quote.instalments,
              frequency: quote.frequency,
              markupBp: plan.markupBp,
              depositBp: plan.depositBp,
              district: standing.district,
              fulfilment: where,
              decisionNote: hold ?? 'Approved automatically',
              decidedAt: hold ? null : new Date(),
              idempotencyKey: `${input.idempotency.key}:${unit}`,
            })
            .returning();
          rows.push(row!);
          unit++;
        }
      }
      await removeCartLines(
        tx,
        lines.map((l) => l.id),
      );
      const collections: Collection[] = [];
      const result: LoanRow[] = [];
      for (const row of rows) {
        if (row.status !== 'approved') {
          await loanEvent(tx, deps, row);
          result.push(row);
          continue;
        }
        const paid = await startDeposit(tx, deps, row, application.payment);
        if (paid.collection) collections.push(paid.collection);
        result.push(paid.loan);
      }
      return { rows: result, collections };
    });
  } catch (error) {
    if (!hasPgCode(error, UNIQUE_VIOLATION)) throw error;
    // The same key committed by a request racing this one: answer with what it made.
    const rows = await loansByKey(deps.db, userId, input.idempotency.key);
    if (rows.length === 0) throw error;
    made = { rows, collections: [] };
  }
  const sent = await Promise.all(made.collections.map((c) => sendPayment(deps, c)));
  const fresh = await deps.db
    .select()
    .from(loans)
    .where(
      inArray(
        loans.id,
        made.rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(loans.seq));
  return { loans: await summaries(deps.db, fresh), payments: sent };
}

/** The loans an application with this Idempotency-Key made (a key names one application). */
async function loansByKey(db: Database, userId: string, key: string): Promise<LoanRow[]> {
  return db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), like(loans.idempotencyKey, startsWithPattern(`${key}:`))))
    .orderBy(asc(loans.seq));
}

function checkMobileAmount(amount: number) {
  if (amount > PAYMENT_LIMITS.max || amount < PAYMENT_LIMITS.min) {
    throw new AppError(
      amount > PAYMENT_LIMITS.max ? 'amount_too_large' : 'amount_too_small',
      `Mobile money takes from ${formatUgx(PAYMENT_LIMITS.min)} to ${formatUgx(PAYMENT_LIMITS.max)} in one payment. Pay from your wallet, or change the amount.`,
      422,
    );
  }
}

/**
 * Pays an approved loan's deposit in the caller's transaction: from the wallet (the loan is
 * active when it commits), or by a mobile-money collection recorded as the loan's deposit
 * payment, sent after the commit; its settlement activates the loan.
 */
async function startDeposit(
  tx: Tx,
  deps: LoanDeps,
  loan: LoanRow,
  choice: PaymentChoice,
  key = `loan:${loan.id}:deposit`,
): Promise<{ loan: LoanRow; collection: Collection | null; payment: Payment | null }> {
  if (loan.deposit === 0) return { loan: await activate(tx, deps, loan, null), collection: null, payment: null };
  if (choice.method === 'wallet') {
    const { payment } = await payFromWallet(tx, {
      userId: loan.userId,
      amount: loan.deposit,
      purpose: 'loan_repayment',
      description: `Deposit for loan ${loanNumber(loan.seq)}`,
      idempotency: { key },
      loanId: loan.id,
    });
    return { loan: await activate(tx, deps, loan, { id: payment.id, method: 'wallet' }), collection: null, payment };
  }
  checkMobileAmount(loan.deposit);
  const { row } = await recordCollection(tx, deps, {
    userId: loan.userId,
    purpose: 'loan_repayment',
    amount: loan.deposit,
    phone: ugandanMobile(choice.phone)!,
    network: choice.network,
    idempotencyKey: key,
    loanId: loan.id,
  });
  const [waiting] = await tx
    .update(loans)
    .set({ depositPaymentId: row.id, updatedAt: new Date() })
    .where(eq(loans.id, loan.id))
    .returning();
  await loanEvent(tx, deps, waiting!);
  return { loan: waiting!, collection: row, payment: toPayment(row) };
}

/** A customer pays the deposit of a loan an admin approved, from the loan tracker. */
export async function payDeposit(
  deps: LoanDeps,
  input: { userId: string; loanId: string; payment: PaymentChoice; idempotency: IdempotentRequest },
): Promise<{ loan: Loan; payment: Payment | null }> {
  const done = await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, input.userId);
    if (loan.status !== 'approved') {
      throw new AppError(
        'deposit_not_due',
        loan.status === 'pending_approval'
          ? 'This loan is waiting for approval: pay the deposit once it is approved.'
          : 'This loan has no deposit left to pay.',
        409,
      );
    }
    if (loan.depositPaymentId) {
      const earlier = await paymentRow(tx, loan.depositPaymentId);
      if (earlier?.status === 'pending') {
        throw new AppError(
          'deposit_pending',
          'A deposit payment is already waiting for approval on your phone. Approve it, or wait for it to expire.',
          409,
        );
      }
    }
    return startDeposit(tx, deps, loan, input.payment, `loan:${loan.id}:deposit:${input.idempotency.key}`);
  });
  const payment = done.collection ? await sendPayment(deps, done.collection) : done.payment;
  return { loan: await loanView(deps.db, await findLoan(deps.db, input.loanId, null)), payment };
}

/** Whether a deposit payment of this loan is waiting on the customer's phone. */
async function depositWaiting(tx: Tx, loan: LoanRow): Promise<boolean> {
  return Boolean(loan.depositPaymentId && (await paymentRow(tx, loan.depositPaymentId))?.status === 'pending');
}

/** Cancels an application that has not started, and puts its unit back on sale. */
async function cancelUnstarted(
  tx: Tx,
  deps: LoanDeps,
  loan: LoanRow,
  by: { decidedBy: string | null; note: string | null },
): Promise<LoanRow> {
  const [cancelled] = await tx
    .update(loans)
    .set({
      status: 'cancelled',
      decisionNote: by.note,
      decidedBy: by.decidedBy,
      decidedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(loans.id, loan.id))
    .returning();
  await releaseStock(tx, loan.orderId, [{ productId: loan.productId, quantity: 1 }]);
  await loanEvent(tx, deps, cancelled!);
  return cancelled!;
}

/**
 * A customer withdraws an application that has not started (waiting for approval, or approved
 * with the deposit unpaid): it is cancelled and its unit goes back on sale. Refused while a
 * deposit payment waits on the phone (its money would have nowhere to go but the wallet). Asked
 * again for an application already withdrawn, it answers with the loan as it is.
 */
export async function withdrawApplication(deps: LoanDeps, input: { userId: string; loanId: string }): Promise<Loan> {
  await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, input.userId);
    if (loan.status === 'cancelled' && loan.decidedBy === input.userId) return;
    if (loan.status !== 'pending_approval' && loan.status !== 'approved') {
      throw new AppError(
        'loan_not_withdrawable',
        loan.status === 'cancelled'
          ? 'This application was already cancelled.'
          : 'This loan has started: it cannot be withdrawn. Repay it from the loan tracker.',
        409,
      );
    }
    if (await depositWaiting(tx, loan)) {
      throw new AppError(
        'deposit_pending',
        'A deposit payment is waiting for approval on your phone. Decline it, or wait for it to expire, then withdraw.',
        409,
      );
    }
    await cancelUnstarted(tx, deps, loan, { decidedBy: input.userId, note: null });
    await recordAudit(tx, {
      actorId: input.userId,
      action: 'loan.withdraw',
      entityType: 'loan',
      entityId: loan.id,
      details: { number: loanNumber(loan.seq), status: loan.status },
    });
  });
  return loanView(deps.db, await findLoan(deps.db, input.loanId, input.userId));
}

/**
 * Cancels an approved loan whose deposit was not paid within DEPOSIT_DAYS of its approval (none
 * is waiting on the phone), so its unit goes back on sale; the customer is told, and may apply
 * again. Re-checked under the loan's lock: a deposit paid meanwhile keeps the loan.
 */
export async function expireUnpaidApproval(deps: LoanDeps, loanId: string, approvedBefore: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, loanId, null);
    if (loan.status !== 'approved' || !loan.decidedAt || loan.decidedAt >= approvedBefore) return false;
    if (await depositWaiting(tx, loan)) return false;
    const note = `The deposit was not paid within ${DEPOSIT_DAYS} days`;
    await cancelUnstarted(tx, deps, loan, { decidedBy: null, note });
    const number = loanNumber(loan.seq);
    await sendNotification(tx, deps, {
      userId: loan.userId,
      type: 'loan_update',
      title: 'Loan application closed',
      message: `Loan ${number} for ${loan.productName} was closed: the deposit of ${formatUgx(loan.deposit)} was not paid within ${DEPOSIT_DAYS} days. You can apply again.`,
      data: { loanId: loan.id },
    });
    return true;
  });
}

/**
 * Activates an approved loan on the day its deposit is paid: the schedule is fixed from that day
 * (the last instalment absorbs the rounding), the daily rate set, the sale on credit booked
 * (what is owed becomes loans receivable), and the order that delivers the product made.
 */
async function activate(tx: Tx, deps: LoanDeps, loan: LoanRow, payment: { id: string; method: string } | null) {
  const start = kampalaDate(new Date());
  const quote = quoteOf(loan);
  const schedule = repaymentSchedule(quote, start);
  const rate = dailyRate(quote, start);
  await tx.insert(loanRepayments).values(
    schedule.map((s) => ({
      loanId: loan.id,
      userId: loan.userId,
      number: s.number,
      dueDate: s.dueDate,
      amountDue: s.amountDue,
    })),
  );
  await postJournal(tx, {
    idempotencyKey: `loan:${loan.id}:sale`,
    kind: 'loan_sale',
    description: `${loan.productName} sold on credit, loan ${loanNumber(loan.seq)}`,
    postings: [
      { account: HOUSE_ACCOUNTS.loansReceivable, amount: -loan.creditPrice },
      { account: HOUSE_ACCOUNTS.salesRevenue, amount: loan.creditPrice },
    ],
  });
  const product = await productForSale(tx, loan.productId);
  await placeCreditOrder(tx, deps, {
    orderId: loan.orderId,
    userId: loan.userId,
    product: {
      id: loan.productId,
      name: loan.productName,
      sku: product?.sku ?? '',
      imageUrl: product?.imageUrl ?? null,
      taxClass: product?.taxClass ?? 'exempt',
    },
    price: loan.creditPrice,
    where: loan.fulfilment as { fulfilment: 'delivery' | 'pickup' },
    paymentMethod: (payment?.method ?? 'wallet') as 'wallet' | 'mtn' | 'airtel',
    paymentId: payment?.id ?? null,
    loanNumber: loanNumber(loan.seq),
  });
  if (payment) {
    await tx
      .insert(loanPayments)
      .values({ loanId: loan.id, paymentId: payment.id, kind: 'deposit', amount: loan.deposit, allocation: {} })
      .onConflictDoNothing();
  }
  const [active] = await tx
    .update(loans)
    .set({
      status: 'active',
      startDate: start,
      dailyRate: rate,
      paid: loan.deposit,
      daysBought: depositDays(loan.frequency, start),
      depositPaymentId: payment?.id ?? null,
      activatedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(loans.id, loan.id))
    .returning();
  await sendNotification(tx, deps, {
    userId: loan.userId,
    type: 'loan_update',
    title: 'Loan active',
    message: `Loan ${loanNumber(loan.seq)} for ${loan.productName} is active. First instalment: ${formatUgx(schedule[0]!.amountDue)} on ${schedule[0]!.dueDate}.`,
    data: { loanId: loan.id },
  });
  await loanEvent(tx, deps, active!);
  return active!;
}

/** The deposit buys the days until the first instalment falls due. */
const depositDays = (frequency: LoanRow['frequency'], start: string) =>
  daysBetween(start, dueDateOf(frequency, start, 1));

// ---- repaying ----

/**
 * A repayment of any amount up to what is owed, from the loan tracker. From the wallet it is
 * paid and applied in one transaction; by mobile money it waits for the customer's approval and
 * is applied when it settles. The loan row is locked first, so two repayments at once queue up.
 */
export async function repayLoan(
  deps: LoanDeps,
  input: { userId: string; loanId: string; amount: number; payment: PaymentChoice; idempotency: IdempotentRequest },
): Promise<{ loan: Loan; payment: Payment }> {
  const done = await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, input.userId);
    if (loan.status !== 'active') {
      throw new AppError(
        'loan_not_active',
        loan.status === 'completed'
          ? 'This loan is paid off: there is nothing left to pay.'
          : loan.status === 'approved'
            ? 'Pay the deposit first: the loan starts with it.'
            : 'This loan is not active, so it takes no repayments.',
        409,
      );
    }
    const owed = loan.creditPrice - loan.paid;
    if (input.amount > owed) {
      throw new AppError('overpayment', `You owe ${formatUgx(owed)} on this loan: pay at most that.`, 422);
    }
    const key = `loan:${loan.id}:repay:${input.idempotency.key}`;
    if (input.payment.method === 'wallet') {
      const { payment, replayed } = await payFromWallet(tx, {
        userId: loan.userId,
        amount: input.amount,
        purpose: 'loan_repayment',
        description: `Repayment of loan ${loanNumber(loan.seq)}`,
        idempotency: { key, requestHash: input.idempotency.requestHash },
        loanId: loan.id,
      });
      if (!replayed) await applyRepayment(tx, deps, loan, { id: payment.id, amount: payment.amount });
      return { payment, collection: null };
    }
    checkMobileAmount(input.amount);
    const { row } = await recordCollection(tx, deps, {
      userId: loan.userId,
      purpose: 'loan_repayment',
      amount: input.amount,
      phone: ugandanMobile(input.payment.phone)!,
      network: input.payment.network,
      idempotencyKey: key,
      loanId: loan.id,
    });
    return { payment: toPayment(row), collection: row };
  });
  const payment = done.collection ? await sendPayment(deps, done.collection) : done.payment;
  return { loan: await loanView(deps.db, await findLoan(deps.db, input.loanId, null)), payment };
}

/** Days past due on a day: since the oldest instalment still unpaid fell due, or 0. */
async function daysPastDueOn(tx: Tx, loanId: string, today: string): Promise<number> {
  const [row] = await tx
    .select({ oldest: sql<string | null>`min(${loanRepayments.dueDate})::text` })
    .from(loanRepayments)
    .where(
      and(
        eq(loanRepayments.loanId, loanId),
        ne(loanRepayments.status, 'paid'),
        sql`${loanRepayments.dueDate} < ${today}::date`,
      ),
    );
  return row?.oldest ? daysBetween(row.oldest, today) : 0;
}

/**
 * Applies a settled repayment to a locked, active loan: shared out oldest amount due first
 * (anything beyond what is owed, from two payments settling together, goes to the wallet), the
 * days it buys at the daily rate sent to the device as an ADD_TIME token, and on the last
 * shilling the loan completes and the device gets its DISABLE_PAYG unlock token.
 */
async function applyRepayment(tx: Tx, deps: LoanDeps, loan: LoanRow, payment: { id: string; amount: number }) {
  const open = await tx
    .select()
    .from(loanRepayments)
    .where(and(eq(loanRepayments.loanId, loan.id), ne(loanRepayments.status, 'paid')))
    .orderBy(asc(loanRepayments.number));
  const { applied, excess } = allocateRepayment(open, payment.amount);
  const now = new Date();
  const byId = new Map(open.map((r) => [r.id, r]));
  const shares: Record<string, number> = {};
  for (const share of applied) {
    const row = byId.get(share.id)!;
    const paid = row.amountPaid + share.amount;
    shares[row.number] = share.amount;
    await tx
      .update(loanRepayments)
      .set({
        amountPaid: paid,
        status: paid === row.amountDue ? 'paid' : 'partly_paid',
        paidAt: paid === row.amountDue ? now : null,
      })
      .where(eq(loanRepayments.id, row.id));
  }
  if (excess > 0) {
    await postJournal(tx, {
      idempotencyKey: `payment:${payment.id}:excess`,
      kind: 'refund',
      description: `More than loan ${loanNumber(loan.seq)} owed: returned to the wallet`,
      paymentId: payment.id,
      postings: [
        { account: HOUSE_ACCOUNTS.loansReceivable, amount: -excess },
        { wallet: loan.userId, amount: excess },
      ],
    });
  }
  const paid = loan.paid + payment.amount - excess;
  const completed = paid === loan.creditPrice;
  const start = loan.startDate!;
  const bought = depositDays(loan.frequency, start) + Math.floor((paid - loan.deposit) / (loan.dailyRate ?? 1));
  await tx.insert(loanPayments).values({
    loanId: loan.id,
    paymentId: payment.id,
    kind: 'repayment',
    amount: payment.amount - excess,
    allocation: shares,
  });
  const [updated] = await tx
    .update(loans)
    .set({
      paid,
      daysBought: Math.max(bought, loan.daysBought),
      daysPastDue: completed ? 0 : await daysPastDueOn(tx, loan.id, kampalaDate(now)),
      status: completed ? 'completed' : loan.status,
      completedAt: completed ? now : null,
      updatedAt: now,
    })
    .where(eq(loans.id, loan.id))
    .returning();
  await sendTokens(tx, deps, updated!, `payment:${payment.id}`);
  if (completed) {
    await sendNotification(tx, deps, {
      userId: loan.userId,
      type: 'loan_update',
      title: 'Loan paid off',
      message: `Loan ${loanNumber(loan.seq)} is paid off: ${loan.productName} is yours.`,
      data: { loanId: loan.id },
    });
  }
  await loanEvent(tx, deps, updated!);
}

/**
 * Sends the loan's device what it is owed, if it has a device: the days bought and not yet sent
 * (an ADD_TIME token of at most 995 units of the device's time divider; the rest follows with the
 * next), or, once paid off,
 * the DISABLE_PAYG token that unlocks it for good. Each token is texted to the customer.
 */
async function sendTokens(tx: Tx, deps: LoanDeps, loan: LoanRow, reason: string) {
  if (!loan.deviceId) return;
  if (!deps.deviceKeys) throw new Error('Issuing a device token needs the device-key box');
  const [device] = await tx
    .select({ status: devices.status, timeDivider: devices.timeDivider })
    .from(devices)
    .where(eq(devices.id, loan.deviceId))
    .for('update');
  // Unlocked for good already (an admin issued the unlock by hand): it takes no more tokens, and
  // a repayment must not fail for that.
  if (!device || device.status === 'unlocked') return;
  const number = loanNumber(loan.seq);
  let message: string;
  if (loan.status === 'completed') {
    const made = await issueToken(tx, deps.deviceKeys, loan.deviceId, {
      type: 'DISABLE_PAYG',
      reference: `loan:${loan.id}:unlock`,
      issuedBy: 'loan',
    });
    if (made.replayed) return;
    message = `Loan ${number} is paid off. Enter ${spaced(made.token)} on your device to unlock it for good.`;
  } else {
    // A token carries at most 995 units of days × the device's time divider.
    const days = Math.min(loan.daysBought - loan.daysIssued, Math.floor(MAX_ACTIVATION_VALUE / device.timeDivider));
    if (days <= 0) return;
    const made = await issueToken(tx, deps.deviceKeys, loan.deviceId, {
      type: 'ADD_TIME',
      days,
      reference: `loan:${loan.id}:${reason}`,
      issuedBy: 'loan',
    });
    if (made.replayed) return;
    await tx
      .update(loans)
      .set({ daysIssued: sql`${loans.daysIssued} + ${days}` })
      .where(eq(loans.id, loan.id));
    message = `Token for loan ${number}: ${spaced(made.token)} adds ${days} ${days === 1 ? 'day' : 'days'} of use.`;
  }
  await sendNotification(tx, deps, {
    userId: loan.userId,
    type: 'loan_update',
    title: 'Device token',
    message,
    data: { loanId: loan.id },
    // The token is typed into the device to keep it working.
    sms: true,
  });
}

/** A token read out in threes: 123 456 789. */
const spaced = (token: string) => token.replace(/(\d{3})(?=\d)/g, '$1 ');

/**
 * A loan payment's settlement. The deposit: a successful one activates the approved loan; one
 * that failed leaves it approved, to be paid again. A repayment: a successful one is applied.
 * Money that arrives for a loan no longer taking it (cancelled, or paid off meanwhile) goes to
 * the customer's wallet.
 */
const settleLoanPayment: SettlementRule = async (tx, deps, payment) => {
  if (!payment.loanId) throw new Error(`Loan payment ${payment.id} has no loan`);
  const loan = await lockLoan(tx, payment.loanId, null);
  if (payment.status !== 'successful') {
    if (loan.depositPaymentId === payment.id) await loanEvent(tx, deps, loan);
    return;
  }
  const isDeposit = loan.depositPaymentId === payment.id;
  if (isDeposit && loan.status === 'approved') {
    await activate(tx, deps, loan, { id: payment.id, method: payment.method });
    return;
  }
  if (!isDeposit && loan.status === 'active') {
    await applyRepayment(tx, deps, loan, { id: payment.id, amount: payment.amount });
    return;
  }
  await postJournal(tx, {
    idempotencyKey: `payment:${payment.id}:late-refund`,
    kind: 'refund',
    description: `Refund: payment for loan ${loanNumber(loan.seq)} arrived when it took no more`,
    paymentId: payment.id,
    postings: [
      { account: HOUSE_ACCOUNTS.loansReceivable, amount: -payment.amount },
      { wallet: loan.userId, amount: payment.amount },
    ],
  });
};

onPaymentSettled('loan_repayment', {
  lock: async (tx, _deps, payment) => {
    if (payment.loanId) await lockLoan(tx, payment.loanId, null);
  },
  settle: settleLoanPayment,
});

/** A credit order names its loan and the deposit paid (its page, the admin's and the receipt). */
onCreditOrderView(async (db, orderId) => {
  const [loan] = await db
    .select({ id: loans.id, seq: loans.seq, deposit: loans.deposit })
    .from(loans)
    .where(eq(loans.orderId, orderId));
  return loan ? { id: loan.id, number: loanNumber(loan.seq), deposit: loan.deposit } : null;
});

/**
 * A credit order's delivery gives its loan a device of the product bought: the one whose serial
 * number the admin gave (in stock, and that product), or else the oldest of that product in
 * stock. The device gets a token for the days already paid for (or the unlock token, for a loan
 * already paid off).
 */
onOrderDelivered(async (tx, deps, order, { deviceSerial }) => {
  const [loan] = await tx.select().from(loans).where(eq(loans.orderId, order.id)).for('update');
  if (!loan || loan.deviceId) return false;
  const product = await productForSale(tx, loan.productId);
  const device = await takeDeviceForDelivery(tx, {
    productId: loan.productId,
    productName: product?.name ?? 'the product bought',
    serial: deviceSerial ?? null,
    orderNumber: order.number,
  });
  const [assigned] = await tx
    .update(loans)
    .set({ deviceId: device.id, updatedAt: new Date() })
    .where(eq(loans.id, loan.id))
    .returning();
  await sendTokens(tx, deps, assigned!, 'delivery');
  await loanEvent(tx, deps, assigned!);
  return true;
});

// ---- admin decisions ----

export async function decideLoan(
  deps: LoanDeps,
  input: { loanId: string; actorId: string; decision: 'approve' | 'reject'; note: string | null },
): Promise<Loan> {
  await deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, null);
    if (loan.status !== 'pending_approval') {
      throw new AppError('loan_not_pending', 'This application was already decided.', 409);
    }
    const note = input.note?.trim() || (input.decision === 'approve' ? 'Approved' : 'Refused');
    const [decided] = await tx
      .update(loans)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'cancelled',
        decisionNote: note,
        decidedBy: input.actorId,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(loans.id, loan.id))
      .returning();
    if (input.decision === 'reject') {
      await releaseStock(tx, loan.orderId, [{ productId: loan.productId, quantity: 1 }]);
    }
    await recordAudit(tx, {
      actorId: input.actorId,
      action: `loan.${input.decision}`,
      entityType: 'loan',
      entityId: loan.id,
      reason: note,
      details: { number: loanNumber(loan.seq), creditPrice: loan.creditPrice },
    });
    const number = loanNumber(loan.seq);
    await sendNotification(tx, deps, {
      userId: loan.userId,
      type: 'loan_update',
      title: input.decision === 'approve' ? 'Loan approved' : 'Loan refused',
      message:
        input.decision === 'approve'
          ? `Loan ${number} for ${loan.productName} is approved. Pay the deposit of ${formatUgx(loan.deposit)} in the loan tracker within ${DEPOSIT_DAYS} days to start it.`
          : `Loan ${number} for ${loan.productName} was refused: ${note.replace(/[.!?]$/, '')}.`,
      data: { loanId: loan.id },
      // An approval asks for the deposit within DEPOSIT_DAYS; a refusal asks nothing.
      sms: input.decision === 'approve',
    });
    if (input.decision === 'approve' && decided!.deposit === 0) await activate(tx, deps, decided!, null);
    else await loanEvent(tx, deps, decided!);
  });
  return loanView(deps.db, await findLoan(deps.db, input.loanId, null));
}
