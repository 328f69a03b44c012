import type { Repossession, RepossessionAttempt, StartRepossession } from '@ecogrid/core/repossessions';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { repossessions } from '#src/db/schema/credit.ts';
import { isConstraintViolation } from '#src/platform/db-errors.ts';
import { after, toPage, type Page, type PageQuery } from '#src/platform/pagination.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { recordAudits } from '#src/features/audit/audit.service.ts';
import { requireAgent } from '#src/features/agents/agents.service.ts';
import { customerCards, userSummaries } from '#src/features/auth/profile.service.ts';
import { closeOnRepossession, loanFacts, lockDefaultedLoan, type LoanDeps } from '#src/features/loans/loans.service.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';

type Row = typeof repossessions.$inferSelect;

async function views(db: Database | Tx, rows: Row[]): Promise<Repossession[]> {
  const facts = await loanFacts(db, [...new Set(rows.map((r) => r.loanId))]);
  const people = await userSummaries(db, [
    ...new Set(rows.flatMap((r) => [facts.get(r.loanId)?.userId ?? '', r.assignedTo ?? '']).filter(Boolean)),
  ]);
  const places = await customerCards(db, [...new Set([...facts.values()].map((f) => f.userId))]);
  return rows.map((r) => {
    const loan = facts.get(r.loanId)!;
    const customer = people.get(loan.userId);
    const place = places.get(loan.userId);
    return {
      id: r.id,
      loanId: r.loanId,
      loanNumber: loan.number,
      customerName: customer?.name ?? '',
      customerPhone: customer?.phone ?? null,
      village: place?.village ?? null,
      subCounty: place?.subCounty ?? null,
      district: place?.district ?? null,
      productName: loan.productName,
      deviceSerial: loan.serial,
      amountOwed: loan.owed,
      status: r.status,
      reason: r.reason,
      agentName: r.assignedTo ? (people.get(r.assignedTo)?.name ?? null) : null,
      condition: r.condition,
      failureReason: r.failureReason,
      attemptedAt: r.attemptedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/**
 * An admin starts taking back a defaulted loan's unit (audited): for the agent named, else the
 * agent who sold the loan, else admins. One open per loan (409 on a second).
 */
export async function startRepossession(
  deps: LoanDeps,
  input: StartRepossession & { loanId: string; actorId: string },
): Promise<Repossession> {
  if (input.agentId) await requireAgent(deps.db, input.agentId);
  const row = await deps.db.transaction(async (tx) => {
    const loan = await lockDefaultedLoan(tx, input.loanId);
    const assignedTo = input.agentId ?? loan.agentId;
    let created: Row;
    try {
      [created] = (await tx
        .insert(repossessions)
        .values({
          loanId: loan.id,
          deviceId: loan.deviceId,
          reason: input.reason,
          startedBy: input.actorId,
          assignedTo,
        })
        .returning()) as [Row];
    } catch (error) {
      if (isConstraintViolation(error, 'repossessions_open_idx')) {
        throw new AppError('repossession_conflict', 'A repossession of this loan is already under way.', 409);
      }
      throw error;
    }
    await recordAudits(tx, [
      {
        actorId: input.actorId,
        action: 'loan.repossession_start',
        entityType: 'loan',
        entityId: loan.id,
        reason: input.reason,
        details: { repossessionId: created.id, assignedTo },
      },
    ]);
    if (assignedTo) {
      await sendNotification(tx, deps, {
        userId: assignedTo,
        type: 'loan_update',
        text: { key: 'loan-notices:toTakeBack', values: { product: loan.productName } },
        data: { loanId: loan.id, repossessionId: created.id },
      });
    }
    return created;
  });
  return (await views(deps.db, [row]))[0]!;
}

/** The repossessions an agent is asked to attempt, newest first. */
export async function agentRepossessions(db: Database, agentId: string): Promise<Repossession[]> {
  await requireAgent(db, agentId);
  const rows = await db
    .select()
    .from(repossessions)
    .where(and(eq(repossessions.assignedTo, agentId), eq(repossessions.status, 'started')))
    .orderBy(desc(repossessions.createdAt))
    .limit(200);
  return views(db, rows);
}

/** Repossessions under way (an attempt still to make), newest first, a page at a time. */
export async function openRepossessions(db: Database, query: PageQuery): Promise<Page<Repossession>> {
  const rows = await db
    .select()
    .from(repossessions)
    .where(and(eq(repossessions.status, 'started'), after(repossessions.createdAt, repossessions.id, query.cursor)))
    .orderBy(desc(repossessions.createdAt), desc(repossessions.id))
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, (r) => r);
  return { items: await views(db, page.items), nextCursor: page.nextCursor };
}

/** A loan's repossessions, newest first, for the admin's loan page. */
export async function loanRepossessions(db: Database, loanId: string): Promise<Repossession[]> {
  const rows = await db
    .select()
    .from(repossessions)
    .where(eq(repossessions.loanId, loanId))
    .orderBy(desc(repossessions.createdAt));
  return views(db, rows);
}

/**
 * The assigned agent records an attempt. Recovered: the unit comes back and the loan closes as
 * repossessed. Failed: this attempt closes with the reason and a new one opens for the same
 * agent, so each attempt stays in the history and the task stays on the agent's list. Each
 * attempt is audited, with the agent's note if any: the record of what was found at the door.
 */
export async function recordAttempt(
  deps: LoanDeps,
  input: { id: string; agentId: string; attempt: RepossessionAttempt },
): Promise<Repossession> {
  await requireAgent(deps.db, input.agentId);
  const row = await deps.db.transaction(async (tx) => {
    const [open] = await tx.select().from(repossessions).where(eq(repossessions.id, input.id)).for('update');
    if (!open || open.assignedTo !== input.agentId) throw notFound('No repossession of yours has this id.');
    if (open.status !== 'started') {
      throw new AppError('repossession_conflict', 'This attempt is already recorded.', 409);
    }
    const now = new Date();
    const { attempt } = input;
    const [done] = await tx
      .update(repossessions)
      .set(
        attempt.outcome === 'recovered'
          ? { status: 'recovered', condition: attempt.condition, attemptedBy: input.agentId, attemptedAt: now }
          : { status: 'failed', failureReason: attempt.reason, attemptedBy: input.agentId, attemptedAt: now },
      )
      .where(eq(repossessions.id, open.id))
      .returning();
    await recordAudits(tx, [
      {
        actorId: input.agentId,
        action: 'loan.repossession_attempt',
        entityType: 'loan',
        entityId: open.loanId,
        reason: attempt.outcome === 'failed' ? attempt.reason : null,
        details: { repossessionId: open.id, ...attempt },
      },
    ]);
    if (attempt.outcome === 'recovered') {
      await closeOnRepossession(tx, deps, {
        loanId: open.loanId,
        condition: attempt.condition,
        actorId: input.agentId,
      });
    } else {
      await tx.insert(repossessions).values({
        loanId: open.loanId,
        deviceId: open.deviceId,
        reason: open.reason,
        startedBy: open.startedBy,
        assignedTo: open.assignedTo,
      });
    }
    return done!;
  });
  return (await views(deps.db, [row]))[0]!;
}
