import { DEFAULT_FOUR_EYES_THRESHOLD, roleHasRight, type StaffRight } from '@ecogrid/core/staff-roles';
import { approvalSchema, type Approval, type ApprovalKind, type ApprovalStatus } from '@ecogrid/core/approvals';
import { z } from '@hono/zod-openapi';
import { formatUgx } from '@ecogrid/core/money';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { approvals, approvalSettings } from '#src/db/schema/approvals.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import type { AppEnv } from '#src/platform/http.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { peopleByIds } from '#src/features/auth/profile.service.ts';
import { rightMissing, staffRole } from '#src/features/auth/roles.service.ts';
import type { NotifierDeps } from '#src/features/notifications/notifications.service.ts';
import { tellAdmins } from '#src/features/notifications/staff-notices.service.ts';

type ApprovalRow = typeof approvals.$inferSelect;

/** A request as the API shows it, one component in the OpenAPI document for every route that answers one. */
export const approvalView = z.object(approvalSchema.shape).openapi('Approval');
export type ApprovalVars = AppEnv['Variables'];

/**
 * What approving does, given by the feature that owns the money (its rules file): `run` moves the
 * money and calls `claim` inside the same transaction, which marks the approval decided; a claim
 * that finds it decided already throws, so the money moves once.
 */
type Executor = {
  right: StaffRight;
  run: (
    vars: ApprovalVars,
    approval: ApprovalRow,
    who: { approverId: string; claim: (tx: Tx) => Promise<void> },
  ) => Promise<void>;
};
const executors = new Map<ApprovalKind, Executor>();

export function onApproval(kind: ApprovalKind, executor: Executor): void {
  executors.set(kind, executor);
}

/** What the audit log calls each kind: refund.requested, write_off.approved, … */
const NOUN: Record<ApprovalKind, 'refund' | 'write_off'> = {
  refund: 'refund',
  write_off: 'write_off',
  write_offs: 'write_off',
};

const THRESHOLD_KEY = 'four_eyes_threshold';

/** Refunds and write-offs above this many UGX wait for a second staff member. */
export async function fourEyesThreshold(db: Database | Tx): Promise<number> {
  const [row] = await db.select().from(approvalSettings).where(eq(approvalSettings.key, THRESHOLD_KEY));
  return row?.amount ?? DEFAULT_FOUR_EYES_THRESHOLD;
}

export async function setFourEyesThreshold(db: Database, actorId: string, amount: number): Promise<number> {
  return db.transaction(async (tx) => {
    const before = await fourEyesThreshold(tx);
    await tx
      .insert(approvalSettings)
      .values({ key: THRESHOLD_KEY, amount, updatedBy: actorId })
      .onConflictDoUpdate({ target: approvalSettings.key, set: { amount, updatedBy: actorId, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId,
      action: 'approval.threshold',
      entityType: 'setting',
      entityId: THRESHOLD_KEY,
      details: { from: before, to: amount },
    });
    return amount;
  });
}

async function toViews(db: Database | Tx, rows: ApprovalRow[]): Promise<Approval[]> {
  const people = await peopleByIds(db, [
    ...new Set(rows.flatMap((r) => (r.decidedBy ? [r.requestedBy, r.decidedBy] : [r.requestedBy]))),
  ]);
  const unknown = (id: string) => ({ id, name: '', email: null, phone: null, role: 'admin' as const });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    subjectId: r.subjectId,
    subjectLabel: r.subjectLabel,
    amount: r.amount,
    reason: r.reason,
    status: r.status,
    requestedBy: people.get(r.requestedBy) ?? unknown(r.requestedBy),
    decidedBy: r.decidedBy ? (people.get(r.decidedBy) ?? unknown(r.decidedBy)) : null,
    decisionNote: r.decisionNote,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
}

/**
 * The first half of four eyes: records what a staff member asked for, moves no money, and tells
 * the other staff. Asking again while one waits for the same payment or loan finds the first.
 */
export async function requestApproval(
  tx: Tx,
  deps: NotifierDeps,
  input: {
    kind: ApprovalKind;
    subjectId: string;
    subjectLabel: string;
    amount: number;
    reason: string;
    payload: Record<string, unknown>;
    requestedBy: string;
  },
): Promise<Approval> {
  const [created] = await tx.insert(approvals).values(input).onConflictDoNothing().returning();
  if (!created) {
    const [waiting] = await tx
      .select()
      .from(approvals)
      .where(
        and(eq(approvals.kind, input.kind), eq(approvals.subjectId, input.subjectId), eq(approvals.status, 'pending')),
      );
    return (await toViews(tx, [waiting!]))[0]!;
  }
  await recordAudit(tx, {
    actorId: input.requestedBy,
    action: `${NOUN[input.kind]}.requested`,
    entityType: 'approval',
    entityId: created.id,
    reason: input.reason,
    details: { kind: input.kind, subject: input.subjectLabel, amount: input.amount },
  });
  await tellAdmins(tx, deps, {
    type: 'payment_update',
    text: {
      key: 'notifications:staff.approvalWaiting',
      values: { what: input.subjectLabel, amount: formatUgx(input.amount) },
    },
    data: { approvalId: created.id },
  });
  return (await toViews(tx, [created]))[0]!;
}

export async function listApprovals(db: Database, status: ApprovalStatus): Promise<Approval[]> {
  const rows = await db
    .select()
    .from(approvals)
    .where(eq(approvals.status, status))
    .orderBy(status === 'pending' ? approvals.createdAt : desc(approvals.decidedAt))
    .limit(200);
  return toViews(db, rows);
}

async function decidable(db: Database, id: string, actorId: string) {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id));
  if (!row) throw notFound('No approval has this id.');
  const executor = executors.get(row.kind);
  if (!executor) throw new Error(`no executor for ${row.kind}`);
  if (!roleHasRight(await staffRole(db, actorId), executor.right)) throw rightMissing(executor.right);
  return { row, executor };
}

const alreadyDecided = (row: ApprovalRow) =>
  new AppError('not_pending', `This request was ${row.status} already; nothing was changed.`, 409);

const ownRequest = () => new AppError('approval_own_request', 'Someone else must approve what you asked for.', 403);

/** Marks a pending approval decided by this staff member, in the caller's transaction; 409 if it no longer waits. */
async function claim(tx: Tx, row: ApprovalRow, actorId: string, status: 'approved' | 'declined', note: string | null) {
  const [claimed] = await tx
    .update(approvals)
    .set({ status, decidedBy: actorId, decidedAt: new Date(), decisionNote: note })
    .where(and(eq(approvals.id, row.id), eq(approvals.status, 'pending')))
    .returning();
  if (!claimed) throw alreadyDecided(row);
  const people = await peopleByIds(tx, [row.requestedBy, actorId]);
  await recordAudit(tx, {
    actorId,
    action: `${NOUN[row.kind]}.${status}`,
    entityType: 'approval',
    entityId: row.id,
    reason: note ?? row.reason,
    details: {
      kind: row.kind,
      subject: row.subjectLabel,
      amount: row.amount,
      requestedBy: { id: row.requestedBy, name: people.get(row.requestedBy)?.name ?? '' },
      decidedBy: { id: actorId, name: people.get(actorId)?.name ?? '' },
    },
  });
}

/**
 * The second pair of eyes approves: the money moves in the transaction that marks it approved.
 * Approving one already approved answers it again and moves nothing; the requester never approves.
 */
export async function approveApproval(vars: ApprovalVars, id: string, actorId: string): Promise<Approval> {
  const { row, executor } = await decidable(vars.db, id, actorId);
  if (row.status === 'approved') return (await toViews(vars.db, [row]))[0]!;
  if (row.status !== 'pending') throw alreadyDecided(row);
  if (row.requestedBy === actorId) throw ownRequest();
  await executor.run(vars, row, { approverId: actorId, claim: (tx) => claim(tx, row, actorId, 'approved', null) });
  const [after] = await vars.db.select().from(approvals).where(eq(approvals.id, id));
  return (await toViews(vars.db, [after!]))[0]!;
}

/** The second staff member declines: nothing moves, and the request can be made again. */
export async function declineApproval(
  vars: ApprovalVars,
  id: string,
  actorId: string,
  note: string,
): Promise<Approval> {
  const { row } = await decidable(vars.db, id, actorId);
  if (row.status !== 'pending') throw alreadyDecided(row);
  if (row.requestedBy === actorId) throw ownRequest();
  await vars.db.transaction((tx) => claim(tx, row, actorId, 'declined', note));
  const [after] = await vars.db.select().from(approvals).where(eq(approvals.id, id));
  return (await toViews(vars.db, [after!]))[0]!;
}
