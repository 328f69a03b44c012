import { loanNumber } from '@ecogrid/core/loans';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '#src/db/client.ts';
import { customerAgentIds } from '#src/features/agents/agents.service.ts';
import { activeAdminIds } from '#src/features/auth/agent-accounts.service.ts';
import { sendNotifications } from '#src/features/notifications/notifications.service.ts';
import { DAY_BATCH } from './collections-day.ts';
import type { LoanDeps } from './loan-rows.ts';

/**
 * Promises to pay whose day has passed without the amount paid on the loan since the promise
 * was recorded are marked broken; each such loan gets a new follow-up (broken_promise).
 */
async function breakPromises(tx: Tx, today: string): Promise<string[]> {
  const rows = await queryRows<{ loan_id: string }>(
    tx,
    sql`
      update loan_follow_ups f set promise_broken = true
      where f.outcome = 'promise_to_pay' and f.promise_broken = false and f.promise_date < ${today}::date
        and (select coalesce(sum(p.amount), 0) from loan_payments p
             where p.loan_id = f.loan_id and p.created_at >= f.recorded_at) < f.promise_amount
        and exists (select 1 from loans l where l.id = f.loan_id and l.status in ('active', 'defaulted'))
      returning f.loan_id`,
  );
  return rows.map((r) => r.loan_id);
}

/**
 * Breaks the promises that were not kept, then opens a follow-up for each loan past due that has
 * had none since its arrears began and each loan whose promise was just broken, and tells whoever
 * follows it up: the agent who sold the loan, else the agent who serves the customer, else the
 * admins. The promises are broken in the transaction that raises their follow-ups; the rest go
 * in batches. One open per loan (a unique index), so a second run opens nothing.
 */
export async function raiseFollowUps(deps: LoanDeps, today: string): Promise<number> {
  const admins = await activeAdminIds(deps.db);
  let raised = await deps.db.transaction(async (tx) => {
    const broken = await breakPromises(tx, today);
    if (broken.length === 0) return 0;
    return openFollowUps(tx, deps, today, await candidates(tx, today, broken), admins);
  });
  const due = await candidates(deps.db, today, []);
  for (let i = 0; i < due.length; i += DAY_BATCH) {
    const batch = due.slice(i, i + DAY_BATCH);
    raised += await deps.db.transaction((tx) => openFollowUps(tx, deps, today, batch, admins));
  }
  return raised;
}

type Candidate = {
  id: string;
  user_id: string;
  agent_id: string | null;
  seq: string;
  reason: 'arrears' | 'broken_promise';
};

/** Loans past due with no follow-up since their arrears began, or (given) whose promise was broken. */
async function candidates(db: Database | Tx, today: string, broken: string[]): Promise<Candidate[]> {
  const brokenOnly = broken.length > 0;
  const only = brokenOnly
    ? sql`and l.id in (${sql.join(
        broken.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`and not exists (
        select 1 from loan_follow_ups f where f.loan_id = l.id
          and (f.outcome is null or f.opened_on > ${today}::date - l.days_past_due))`;
  return queryRows<Candidate>(
    db,
    sql`
      select l.id, l.user_id, l.agent_id, l.seq::text as seq,
             ${brokenOnly ? 'broken_promise' : 'arrears'} as reason
      from loans l
      where l.status in ('active', 'defaulted') and l.days_past_due > 0 ${only}`,
  );
}

/** Opens follow-ups for these loans (none where one is open) and tells whoever follows each up. */
async function openFollowUps(tx: Tx, deps: LoanDeps, today: string, loans: Candidate[], admins: string[]) {
  const served = await customerAgentIds(
    tx,
    loans.filter((l) => !l.agent_id).map((l) => l.user_id),
  );
  const rows = loans.map((l) => ({
    loan_id: l.id,
    assigned_to: l.agent_id ?? served.get(l.user_id) ?? null,
    reason: l.reason,
  }));
  const opened = await queryRows<{ loan_id: string; assigned_to: string | null }>(
    tx,
    sql`
      insert into loan_follow_ups (loan_id, assigned_to, reason, opened_on)
      select v.loan_id, v.assigned_to, v.reason, ${today}::date
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(loan_id uuid, assigned_to text, reason text)
      on conflict (loan_id) where outcome is null do nothing
      returning loan_id, assigned_to`,
  );
  const seqs = new Map(loans.map((l) => [l.id, Number(l.seq)]));
  await sendNotifications(
    tx,
    deps,
    opened.flatMap((f) =>
      (f.assigned_to ? [f.assigned_to] : admins).map((userId) => ({
        userId,
        type: 'loan_update' as const,
        text: { key: 'loan-notices:followUp', values: { loan: loanNumber(seqs.get(f.loan_id)!) } },
        data: { loanId: f.loan_id },
      })),
    ),
  );
  return opened.length;
}
