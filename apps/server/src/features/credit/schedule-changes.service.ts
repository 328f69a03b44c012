import type { ScheduleChangeKind } from '@ecogrid/core/collections';
import { desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loanScheduleChanges } from '#src/db/schema/credit.ts';

export type NewScheduleChange = {
  loanId: string;
  kind: ScheduleChangeKind;
  before: readonly unknown[];
  after: readonly unknown[];
  fee?: number;
  discount?: number;
  policyVersion?: number | null;
  actorId?: string | null;
  /** One change per loan and key: a repeat records nothing. */
  idempotencyKey: string;
};

/** Keeps changes to running loans' schedules (before and after) in their history, in one statement. */
export async function recordScheduleChanges(tx: Tx, changes: NewScheduleChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx
    .insert(loanScheduleChanges)
    .values(
      changes.map((change) => ({
        loanId: change.loanId,
        kind: change.kind,
        before: [...change.before],
        after: [...change.after],
        fee: change.fee ?? 0,
        discount: change.discount ?? 0,
        policyVersion: change.policyVersion ?? null,
        actorId: change.actorId ?? null,
        idempotencyKey: change.idempotencyKey,
      })),
    )
    .onConflictDoNothing();
}

/** A loan's schedule changes, newest first. */
export async function scheduleChangesOf(db: Database | Tx, loanId: string) {
  return db
    .select()
    .from(loanScheduleChanges)
    .where(eq(loanScheduleChanges.loanId, loanId))
    .orderBy(desc(loanScheduleChanges.createdAt), desc(loanScheduleChanges.id));
}
