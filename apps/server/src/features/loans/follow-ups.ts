import { formatUgx } from '@ecogrid/core';
import type { FollowUp, FollowUpOutcomeRequest } from '@ecogrid/core/follow-ups';
import { kampalaDate } from '@ecogrid/core/credit';
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
  product_name: string;
  in_arrears: string;
  due_since: string | null;
  owed: string;
  prev_outcome: FollowUp['outcome'];
  prev_promise_date: string | null;
  prev_promise_amount: string | null;
  prev_broken: boolean | null;
  prev_recorded_on: string | null;
};

/**
 * A follow-up with its loan's arrears as of `today` (the instalments fallen due before it and not
 * paid), what the loan owes, and the loan's follow-up closed before this one.
 */
const columns = (today: string) => sql`f.id, f.loan_id, l.seq::text as seq, l.user_id, f.reason,
  f.opened_on::text as opened_on, l.days_past_due, l.status, f.assigned_to, f.outcome,
  f.promise_date::text as promise_date, f.promise_amount::text as promise_amount, f.note, l.product_name,
  coalesce(a.in_arrears, 0)::text as in_arrears, a.due_since::text as due_since,
  (l.credit_price + l.fees - l.paid - l.forgiven)::text as owed,
  p.outcome as prev_outcome, p.promise_date::text as prev_promise_date,
  p.promise_amount::text as prev_promise_amount, p.promise_broken as prev_broken,
  p.recorded_at::date::text as prev_recorded_on
  from loan_follow_ups f join loans l on l.id = f.loan_id
  left join lateral (
    select sum(r.amount_due - r.amount_paid) as in_arrears, min(r.due_date) as due_since from loan_repayments r
    where r.loan_id = l.id and r.status <> 'paid' and r.due_date < ${today}::date) a on true
  left join lateral (
    select q.outcome, q.promise_date, q.promise_amount, q.promise_broken, q.recorded_at from loan_follow_ups q
    where q.loan_id = f.loan_id and q.id <> f.id and q.outcome is not null and q.recorded_at <= coalesce(f.recorded_at, now())
    order by q.recorded_at desc limit 1) p on true`;

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
    productName: r.product_name,
    reason: r.reason,
    openedOn: r.opened_on,
    daysPastDue: Number(r.days_past_due),
    amountInArrears: Number(r.in_arrears),
    dueSince: r.due_since,
    amountOwed: Number(r.owed),
    loanStatus: r.status,
    assignedTo: r.assigned_to,
    assigneeName: r.assigned_to ? (people.get(r.assigned_to)?.name ?? null) : null,
    outcome: r.outcome,
    promiseDate: r.promise_date,
    promiseAmount: r.promise_amount === null ? null : Number(r.promise_amount),
    note: r.note,
    previous: r.prev_outcome
      ? {
          outcome: r.prev_outcome,
          promiseDate: r.prev_promise_date,
          promiseAmount: r.prev_promise_amount === null ? null : Number(r.prev_promise_amount),
          promiseBroken: r.prev_broken === true,
          recordedOn: r.prev_recorded_on,
        }
      : null,
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
    sql`select ${columns(kampalaDate(new Date()))}
        where f.outcome is null and ${assigned}
        order by f.opened_on, f.created_at, f.id limit 200`,
  );
  return views(db, rows);
}

/** A promise to pay is for today or later (in Kampala), and for no more than the loan owes. */
function checkPromise(o: FollowUpOutcomeRequest, today: string, owed: number) {
  if (o.promiseDate !== undefined && o.promiseDate < today) {
    throw new AppError('promise_date_past', 'The promised date cannot be in the past.', 422);
  }
  if (o.promiseAmount !== undefined && o.promiseAmount > owed) {
    throw new AppError(
      'promise_above_owed',
      `The promised amount cannot be more than the ${formatUgx(owed)} the loan owes.`,
      422,
    );
  }
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
  const today = kampalaDate(new Date());
  const admins = o.outcome === 'recommend_repossession' ? await activeAdminIds(deps.db) : [];
  const row = await deps.db.transaction(async (tx) => {
    const mine = input.asAdmin ? sql`true` : sql`f.assigned_to = ${input.actorId}`;
    const [found] = await queryRows<{ outcome: string | null; seq: string; owed: string }>(
      tx,
      sql`select f.outcome, l.seq::text as seq, (l.credit_price + l.fees - l.paid - l.forgiven)::text as owed
          from loan_follow_ups f join loans l on l.id = f.loan_id
          where f.id = ${input.id} and ${mine} for update of f`,
    );
    if (!found) throw notFound('No follow-up of yours has this id.');
    if (found.outcome !== null) throw new AppError('follow_up_closed', 'This follow-up already has its outcome.', 409);
    checkPromise(o, today, Number(found.owed));
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
    const [saved] = await queryRows<Row>(tx, sql`select ${columns(today)} where f.id = ${input.id}`);
    return saved!;
  });
  return (await views(deps.db, [row]))[0]!;
}
