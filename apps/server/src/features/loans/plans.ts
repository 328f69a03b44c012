import type { LoanPlan, LoanPlanInput } from '@ecogrid/core/loans';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loanPlans } from '#src/db/schema/loans.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { productForSale } from '#src/features/catalog/stock.service.ts';

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
/**
 * Holds these plans as they are until the caller's transaction ends: a change to one waits for
 * it (a sale quoting a plan and making its loans in one transaction sees one version of it).
 */
export async function holdPlans(tx: Tx, planIds: string[]): Promise<void> {
  if (planIds.length === 0) return;
  await tx.select({ id: loanPlans.id }).from(loanPlans).where(inArray(loanPlans.id, planIds)).for('share');
}

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
