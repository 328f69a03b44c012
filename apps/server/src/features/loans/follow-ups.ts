import type { FollowUp, FollowUpOutcomeRequest } from '@ecogrid/core/follow-ups';
import { loanNumber } from '@ecogrid/core/loans';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#src/db/client.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { activeAdminIds } from '#src/features/auth/agent-accounts.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { sendNotifications } from '#src/features/notifications/notifications.service.ts';
import type { LoanDeps } from './loan-rows.ts';

type Row = {
  id: string;
  loan_id: string;
  seq: string;
  user_id: string;
  reason: FollowUp['reason'];
  opened_on: string;
  days_past_due: number;
  status: string;
  assigned_to: string | null;
  outcome: FollowUp['outcome'];
  promise_date: string | null;
  promise_amount: string | null;
  note: string | null;
};

const columns = sql.raw(`f.id, f.loan_id, l.seq::text as seq, l.user_id, f.reason, f.opened_on::text as opened_on,
  l.days_past_due, l.status, f.assigned_to, f.outcome, f.promise_date::text as promise_date,
  f.promise_amount::text as promise_amount, f.note`);

async function views(db: Database, rows: Row[]): Promise<FollowUp[]> {
  const people = await userSummaries(db, [
    ...new Set(rows.flatMap((r) => [r.user_id, ...(r.assigned_to ? [r.assigned_to] : [])])),
  ]);
  return rows.map((r) => ({
    id: r.id,
    loanId: r.loan_id,
    loanNumber: loanNumber(Number(r.seq)),
    customerId: r.user_id,
    customerName: people.get(r.user_id)?.name ?? '',
    customerPhone: people.get(r.user_id)?.phone ?? null,
    reason: r.reason,
    openedOn: r.opened_on,
    daysPastDue: Number(r.days_past_due),
    loanStatus: r.status,
    assignedTo: r.assigned_to,
    assigneeName: r.assigned_to ? (people.get(r.assigned_to)?.name ?? null) : null,
    outcome: r.outcome,
    promiseDate: r.promise_date,
    promiseAmount: r.promise_amount === null ? null : Number(r.promise_amount),
    note: r.note,
  }));
}

/**
 * Open follow-ups, oldest first (at most 200): an agent's own (`agent`), or for admins all of
 * them, one agent's, or those with no agent (`none`).
 */
export async function openFollowUps(
  db: Database,
  filter: { agent: string } | { assignee?: string | undefined },
): Promise<FollowUp[]> {
  const who = 'agent' in filter ? filter.agent : filter.assignee;
  const assigned =
    who === undefined ? sql`true` : who === 'none' ? sql`f.assigned_to is null` : sql`f.assigned_to = ${who}`;
  const rows = await queryRows<Row>(
    db,
    sql`select ${columns} from loan_follow_ups f join loans l on l.id = f.loan_id
        where f.outcome is null and ${assigned}
        order by f.opened_on, f.created_at, f.id limit 200`,
  );
  return views(db, rows);
}

/**
 * Records what came of an open follow-up, which closes it. An agent may record only on their
 * own (another's is not found); an admin on any, audited. A recommended repossession is put
 * before the admins.
 */
export async function recordFollowUpOutcome(
  deps: LoanDeps,
  input: { id: string; actorId: string; asAdmin: boolean; outcome: FollowUpOutcomeRequest },
): Promise<FollowUp> {
  const { outcome: o } = input;
  const admins = o.outcome === 'recommend_repossession' ? await activeAdminIds(deps.db) : [];
  const row = await deps.db.transaction(async (tx) => {
    const mine = input.asAdmin ? sql`true` : sql`f.assigned_to = ${input.actorId}`;
    const [found] = await queryRows<{ outcome: string | null; seq: string }>(
      tx,
      sql`select f.outcome, l.seq::text as seq from loan_follow_ups f join loans l on l.id = f.loan_id
          where f.id = ${input.id} and ${mine} for update of f`,
    );
    if (!found) throw notFound('No follow-up of yours has this id.');
    if (found.outcome !== null) throw new AppError('follow_up_closed', 'This follow-up already has its outcome.', 409);
    await tx.execute(sql`
      update loan_follow_ups set outcome = ${o.outcome}, note = ${o.note ?? null},
        promise_date = ${o.promiseDate ?? null}::date, promise_amount = ${o.promiseAmount ?? null},
        recorded_by = ${input.actorId}, recorded_at = now()
      where id = ${input.id}`);
    if (input.asAdmin) {
      await recordAudit(tx, {
        actorId: input.actorId,
        action: 'loan_follow_up.outcome',
        entityType: 'loan_follow_up',
        entityId: input.id,
        details: { ...o },
      });
    }
    await sendNotifications(
      tx,
      deps,
      admins.map((userId) => ({
        userId,
        type: 'loan_update' as const,
        title: 'Repossession recommended',
        message: `Repossession of loan ${loanNumber(Number(found.seq))} is recommended after a follow-up${o.note ? `: ${o.note}` : '.'}`,
        data: { followUpId: input.id },
      })),
    );
    const [saved] = await queryRows<Row>(
      tx,
      sql`select ${columns} from loan_follow_ups f join loans l on l.id = f.loan_id where f.id = ${input.id}`,
    );
    return saved!;
  });
  return (await views(deps.db, [row]))[0]!;
}
