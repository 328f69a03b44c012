import { formatUgx } from '@ecogrid/core';
import { kampalaDate } from '@ecogrid/core/credit';
import {
  FAULT_PAUSE_DAYS,
  type FollowUp,
  type FollowUpList,
  type FollowUpOutcomeRequest,
  type PromiseStatus,
} from '@ecogrid/core/follow-ups';
import { loanNumber } from '@ecogrid/core/loans';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '#src/db/client.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import type { CatalogueText } from '#src/platform/i18n.ts';
import { activeAdminIds } from '#src/features/auth/agent-accounts.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { sendNotifications } from '#src/features/notifications/notifications.service.ts';
import { overdueOf } from './arrears.service.ts';
import type { LoanDeps } from './loan-rows.ts';
import { pauseForFault } from './pause.ts';

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
  last_outcome: FollowUp['outcome'];
  last_promise_date: string | null;
  last_promise_amount: string | null;
  last_promise_status: PromiseStatus | null;
  due_since: string | null;
  owed: string;
  prev_outcome: FollowUp['outcome'];
  prev_promise_date: string | null;
  prev_promise_amount: string | null;
  prev_broken: boolean | null;
  prev_recorded_on: string | null;
};

/**
 * The follow-ups with their loan: its arrears as of `today` (the instalments fallen due before it
 * and not paid, and the oldest one's due date), what it owes, the follow-up closed on it before
 * this one, and the last outcome recorded on it (a follow-up's own once it has one): a promise in
 * it is broken as the daily run marked it, kept once the amount was paid on the loan after it was
 * made, else still to come.
 */
const selectFollowUps = (today: string) => sql`
  select f.id, f.loan_id, l.seq::text as seq, l.user_id, f.reason, f.opened_on::text as opened_on,
    l.days_past_due, l.status, f.assigned_to, f.outcome, f.promise_date::text as promise_date,
    f.promise_amount::text as promise_amount, f.note, l.product_name,
    ${overdueOf(sql.raw('l.id'), today)}::text as in_arrears,
    p.outcome as last_outcome, p.promise_date::text as last_promise_date,
    p.promise_amount::text as last_promise_amount,
    case when p.outcome is distinct from 'promise_to_pay' then null when p.promise_broken then 'broken'
      when (select coalesce(sum(lp.amount), 0) from loan_payments lp
            where lp.loan_id = f.loan_id and lp.created_at >= p.recorded_at) >= p.promise_amount then 'kept'
      else 'pending' end as last_promise_status,
    (select min(r.due_date) from loan_repayments r
     where r.loan_id = l.id and r.status <> 'paid' and r.due_date < ${today}::date)::text as due_since,
    (l.credit_price + l.fees - l.paid - l.forgiven)::text as owed,
    b.outcome as prev_outcome, b.promise_date::text as prev_promise_date,
    b.promise_amount::text as prev_promise_amount, b.promise_broken as prev_broken,
    b.recorded_at::date::text as prev_recorded_on
  from loan_follow_ups f join loans l on l.id = f.loan_id
  left join lateral (
    select q.outcome, q.promise_date, q.promise_amount, q.promise_broken, q.recorded_at
    from loan_follow_ups q
    where q.loan_id = f.loan_id and q.outcome is not null and (f.outcome is null or q.id = f.id)
    order by q.recorded_at desc limit 1) p on true
  left join lateral (
    select q.outcome, q.promise_date, q.promise_amount, q.promise_broken, q.recorded_at from loan_follow_ups q
    where q.loan_id = f.loan_id and q.id <> f.id and q.outcome is not null and q.recorded_at <= coalesce(f.recorded_at, now())
    order by q.recorded_at desc limit 1) b on true`;

async function views(db: Database | Tx, rows: Row[]): Promise<FollowUp[]> {
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
    productName: r.product_name,
    amountInArrears: Number(r.in_arrears),
    dueSince: r.due_since,
    amountOwed: Number(r.owed),
    previous: r.prev_outcome
      ? {
          outcome: r.prev_outcome,
          promiseDate: r.prev_promise_date,
          promiseAmount: r.prev_promise_amount === null ? null : Number(r.prev_promise_amount),
          promiseBroken: r.prev_broken === true,
          recordedOn: r.prev_recorded_on,
        }
      : null,
    lastOutcome: r.last_outcome,
    lastPromise:
      r.last_promise_status === null
        ? null
        : { date: r.last_promise_date!, amount: Number(r.last_promise_amount), status: r.last_promise_status },
  }));
}

/** One follow-up as listed, read in the transaction that changed it. */
export async function followUpView(tx: Tx, id: string): Promise<FollowUp> {
  const [row] = await queryRows<Row>(tx, sql`${selectFollowUps(kampalaDate(new Date()))} where f.id = ${id}`);
  return (await views(tx, [row!]))[0]!;
}

const LISTS: Record<FollowUpList, SQL> = {
  open: sql`f.outcome is null`,
  promised: sql`f.outcome = 'promise_to_pay' and not f.promise_broken and l.status in ('active', 'defaulted')`,
  broken: sql`f.outcome = 'promise_to_pay' and f.promise_broken and l.status in ('active', 'defaulted')`,
};

/**
 * Follow-ups, oldest first (at most 200): an agent's own open ones (`agent`), or for admins one
 * list (open unless asked) of all of them, one agent's, or those with no agent (`none`).
 */
export async function listFollowUps(
  db: Database,
  filter: { agent: string } | { assignee?: string | undefined; status?: FollowUpList },
): Promise<FollowUp[]> {
  const who = 'agent' in filter ? filter.agent : filter.assignee;
  const list = 'agent' in filter ? 'open' : (filter.status ?? 'open');
  const assigned =
    who === undefined ? sql`true` : who === 'none' ? sql`f.assigned_to is null` : sql`f.assigned_to = ${who}`;
  const rows = await queryRows<Row>(
    db,
    sql`${selectFollowUps(kampalaDate(new Date()))} where ${LISTS[list]} and ${assigned}
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
 * before the admins; a device fault pauses the loan (unless it is paused already) in the same
 * transaction, the customer told.
 */
export async function recordFollowUpOutcome(
  deps: LoanDeps,
  input: { id: string; actorId: string; asAdmin: boolean; outcome: FollowUpOutcomeRequest },
): Promise<FollowUp> {
  const { outcome: o } = input;
  const admins = o.outcome === 'recommend_repossession' ? await activeAdminIds(deps.db) : [];
  return deps.db.transaction(async (tx) => {
    const mine = input.asAdmin ? sql`true` : sql`f.assigned_to = ${input.actorId}`;
    const [found] = await queryRows<{ outcome: string | null; loan_id: string; seq: string; owed: string }>(
      tx,
      sql`select f.outcome, f.loan_id, l.seq::text as seq, (l.credit_price + l.fees - l.paid - l.forgiven)::text as owed
          from loan_follow_ups f join loans l on l.id = f.loan_id
          where f.id = ${input.id} and ${mine} for update of f`,
    );
    if (!found) throw notFound('No follow-up of yours has this id.');
    if (found.outcome !== null) throw new AppError('follow_up_closed', 'This follow-up already has its outcome.', 409);
    checkPromise(o, kampalaDate(new Date()), Number(found.owed));
    await tx.execute(sql`
      update loan_follow_ups set outcome = ${o.outcome}, note = ${o.note ?? null},
        promise_date = ${o.promiseDate ?? null}::date, promise_amount = ${o.promiseAmount ?? null},
        recorded_by = ${input.actorId}, recorded_at = now()
      where id = ${input.id}`);
    if (o.outcome === 'device_fault') {
      await pauseForFault(tx, deps, {
        loanId: found.loan_id,
        actorId: input.actorId,
        days: o.pauseDays ?? FAULT_PAUSE_DAYS,
        reason: `Device fault found on a follow-up${o.note ? `: ${o.note}` : ''}`.slice(0, 300),
      });
    }
    if (input.asAdmin) {
      await recordAudit(tx, {
        actorId: input.actorId,
        action: 'loan_follow_up.outcome',
        entityType: 'loan_follow_up',
        entityId: input.id,
        details: { ...o },
      });
    }
    const key = 'loan-notices:repossessionRecommended';
    const loan = loanNumber(Number(found.seq));
    // The note is the follow-up's own words, as written.
    const text: CatalogueText = o.note
      ? { key: `${key}Note`, values: { loan, note: o.note } }
      : { key, values: { loan } };
    await sendNotifications(
      tx,
      deps,
      admins.map((userId) => ({
        userId,
        type: 'loan_update' as const,
        text,
        data: { followUpId: input.id },
      })),
    );
    return followUpView(tx, input.id);
  });
}
