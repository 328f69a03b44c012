import { randomUUID } from 'node:crypto';
import { quoteLoan, type LoanQuote } from '@ecogrid/core/credit';
import { withFollowOn, type CreditSuggestion } from '@ecogrid/core/credit-policy';
import { loanNumber, type LoanApplication, type LoanSummary, type PaymentChoice } from '@ecogrid/core/loans';
import type { Payment } from '@ecogrid/core/payments';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loanPlans, loans, type LoanRow } from '#src/db/schema/loans.ts';
import { hasPgCode, UNIQUE_VIOLATION } from '#src/platform/db-errors.ts';
import { AppError } from '#src/platform/errors.ts';
import { startsWithPattern } from '#src/platform/sql-text.ts';
import type { IdempotentRequest } from '#src/platform/idempotency.ts';
import { removeCartLines, takeCartLines } from '#src/features/cart/cart.service.ts';
import { releaseStock, reserveStock } from '#src/features/catalog/stock.service.ts';
import { creditPolicyInForce } from '#src/features/credit/credit-policy.service.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import { tellAdmins } from '#src/features/notifications/staff-notices.service.ts';
import { agentCommissionRate, userSummaries } from '#src/features/auth/profile.service.ts';
import { creditStanding } from '#src/features/kyc/kyc.service.ts';
import { fulfilmentDetails } from '#src/features/orders/orders.service.ts';
import { sendPayment } from '#src/features/payments/payments.service.ts';
import { judgeApplication, suggestionNote } from './credit-check.ts';
import { startDeposit, type Collection } from './deposits.ts';
import { followOnOffer } from './follow-on.ts';
import { loanEvent, type LoanDeps } from './loan-rows.ts';
import { summaries } from './loan-views.ts';

/**
 * The credit part of a checkout, in one transaction: each credit line of the cart becomes one
 * loan application per unit, on the plan the customer chose and accepted (see createLoans). Not
 * enough in the wallet, a plan not offered for the product, a unit out of stock: nothing is kept.
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
      await requireVerified(tx, userId, 'Finish it, then come back to checkout.');
      const lines = await takeCartLines(tx, userId, 'loan');
      if (lines.length === 0) {
        throw new AppError(
          'no_credit_lines',
          'Your cart has nothing to buy on credit: add a product on credit first.',
          422,
        );
      }
      const chosen = new Map(application.plans.map((p) => [p.cartItemId, p.planId]));
      const result = await createLoans(tx, deps, {
        userId,
        lines: lines.map((l) => ({ ...l, planId: chosen.get(l.id) ?? '' })),
        where: application,
        payment: application.payment,
        declaredIncome: application.declaredIncome ?? null,
        keyPrefix: input.idempotency.key,
      });
      await removeCartLines(
        tx,
        lines.map((l) => l.id),
      );
      return result;
    });
  } catch (error) {
    if (!hasPgCode(error, UNIQUE_VIOLATION)) throw error;
    // The same key committed by a request racing this one: answer with what it made.
    const rows = await loansByKey(deps.db, userId, input.idempotency.key);
    if (rows.length === 0) throw error;
    made = { rows, collections: [] };
  }
  const sent = await Promise.all(made.collections.map((c) => sendPayment(deps, c)));
  return { loans: await loanSummaries(deps.db, made.rows), payments: sent };
}

/** The terms a loan copies from its plan and quote when it is made, so later plan changes leave it as sold. */
export const loanTerms = (plan: Pick<typeof loanPlans.$inferSelect, 'markupBp' | 'depositBp'>, quote: LoanQuote) => ({
  cashPrice: quote.cashPrice,
  creditPrice: quote.creditPrice,
  deposit: quote.deposit,
  instalment: quote.instalment,
  lastInstalment: quote.lastInstalment,
  instalments: quote.instalments,
  frequency: quote.frequency,
  markupBp: plan.markupBp,
  depositBp: plan.depositBp,
});

/** Refuses credit (403) to a customer whose identity check is not verified. */
export async function requireVerified(tx: Tx, userId: string, then: string) {
  const standing = await creditStanding(tx, userId);
  if (!standing.verified) {
    throw new AppError('kyc_required', `Buying on credit needs a verified identity check. ${then}`, 403);
  }
  return standing;
}

/**
 * Loan applications in the caller's transaction: one per unit of each line, on the line's plan,
 * with the unit reserved in stock. Each is judged by the credit policy in force (judgeApplication):
 * approved at once, left waiting for an admin, or refused (cancelled, the unit back on sale and
 * the customer told why); the version and the suggestion are kept on the loan. An approved loan's deposit is paid at once (startDeposit), or, paid in cash
 * to an agent (payment null), waits for the agent to record it. A loan an agent sold keeps the
 * agent and their commission rate then; otherwise the agent serving the customer is named.
 */
export async function createLoans(
  tx: Tx,
  deps: LoanDeps,
  input: {
    userId: string;
    lines: { productId: string; quantity: number; planId: string }[];
    where: Pick<LoanApplication, 'fulfilment' | 'address' | 'pickupPointId'>;
    payment: PaymentChoice | null;
    /** The monthly income the customer declared, in UGX, for the affordability check. */
    declaredIncome: number | null;
    /** Each loan's key is the prefix and the unit's number. */
    keyPrefix: string;
    soldBy?: { agentId: string; commissionBp: number };
  },
): Promise<{ rows: LoanRow[]; collections: Collection[] }> {
  const { userId } = input;
  const standing = await requireVerified(tx, userId, 'Finish it first.');
  // Sold by an agent at their rate then; otherwise the agent who serves the customer, at their rate today.
  const seller =
    input.soldBy ??
    (standing.agentId
      ? { agentId: standing.agentId, commissionBp: await agentCommissionRate(tx, standing.agentId) }
      : null);
  const planRows = await tx
    .select()
    .from(loanPlans)
    .where(inArray(loanPlans.id, [...new Set(input.lines.map((l) => l.planId).filter(Boolean))]));
  const plans = new Map(planRows.map((p) => [p.id, p]));
  const where = { fulfilment: input.where.fulfilment, ...(await fulfilmentDetails(tx, input.where)) };
  const policy = await creditPolicyInForce(tx);
  // Judged before this checkout's loans exist: every unit of it gets the follow-on deposit.
  const offer = await followOnOffer(tx, userId, policy, new Date());
  const rows: LoanRow[] = [];
  let unit = 0;
  for (const line of input.lines) {
    const plan = plans.get(line.planId);
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
      const terms = withFollowOn(plan, offer);
      const quote = quoteLoan(product.price, terms);
      const suggestion = await judgeApplication(tx, policy, {
        userId,
        instalment: quote.instalment,
        frequency: quote.frequency,
        declaredIncome: input.declaredIncome,
        now: new Date(),
      });
      const status = STATUS_OF[suggestion.outcome];
      const [row] = await tx
        .insert(loans)
        .values({
          userId,
          productId: product.id,
          planId: plan.id,
          planName: plan.name,
          productName: product.name,
          agentId: seller?.agentId ?? null,
          commissionBp: seller?.commissionBp ?? null,
          orderId,
          status,
          ...loanTerms(terms, quote),
          district: standing.district,
          fulfilment: where,
          declaredIncome: input.declaredIncome,
          policyVersion: policy.version,
          creditSuggestion: suggestion,
          decisionNote: suggestionNote(suggestion),
          decidedAt: status === 'pending_approval' ? null : new Date(),
          idempotencyKey: `${input.keyPrefix}:${unit}`,
        })
        .returning();
      rows.push(row!);
      unit++;
    }
  }
  const collections: Collection[] = [];
  const result: LoanRow[] = [];
  for (const row of rows) {
    if (row.status === 'cancelled') await refused(tx, deps, row);
    if (row.status === 'pending_approval') await tellAdminsItWaits(tx, deps, row);
    if (row.status !== 'approved') {
      await loanEvent(tx, deps, row);
      result.push(row);
      continue;
    }
    const paid = await startDeposit(tx, deps, row, input.payment);
    if (paid.collection) collections.push(paid.collection);
    result.push(paid.loan);
  }
  return { rows: result, collections };
}

const STATUS_OF = { approve: 'approved', review: 'pending_approval', refuse: 'cancelled' } as const;

/** An application the policy queued for a person: the admins are told it waits for their decision. */
async function tellAdminsItWaits(tx: Tx, deps: LoanDeps, row: LoanRow): Promise<void> {
  const name = (await userSummaries(tx, [row.userId])).get(row.userId)?.name ?? '';
  await tellAdmins(tx, deps, {
    type: 'loan_update',
    text: {
      key: 'notifications:staff.loanToApprove',
      values: { name, product: row.productName, number: loanNumber(row.seq) },
    },
    data: { loanId: row.id },
  });
}

/** An application the policy refused: its unit goes back on sale and the customer is told why. */
async function refused(tx: Tx, deps: LoanDeps, row: LoanRow): Promise<void> {
  await releaseStock(tx, row.orderId, [{ productId: row.productId, quantity: 1 }]);
  const suggestion = row.creditSuggestion as CreditSuggestion | null;
  const reasons = (suggestion?.reasons ?? []).filter((r) => r.outcome === 'refuse');
  await sendNotification(tx, deps, {
    userId: row.userId,
    type: 'loan_update',
    text: {
      key: 'notifications:loan.refused',
      values: {
        loan: loanNumber(row.seq),
        product: row.productName,
        reason: { texts: reasons.map((r) => ({ key: `loan-notices:refusalReasons.${r.check}` })) },
      },
    },
    data: { loanId: row.id },
    sms: false,
  });
}

/** Summaries of these loans as they are now (a deposit paid from the wallet has moved them on), in order. */
export async function loanSummaries(db: Database, rows: LoanRow[]): Promise<LoanSummary[]> {
  if (rows.length === 0) return [];
  const fresh = await db
    .select()
    .from(loans)
    .where(
      inArray(
        loans.id,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(loans.seq));
  return summaries(db, fresh);
}

/** The loans an application with this Idempotency-Key made (a key names one application). */
export async function loansByKey(db: Database, userId: string, key: string): Promise<LoanRow[]> {
  return db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), like(loans.idempotencyKey, startsWithPattern(`${key}:`))))
    .orderBy(asc(loans.seq));
}
