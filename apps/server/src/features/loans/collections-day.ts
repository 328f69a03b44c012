import { formatUgx } from '@ecogrid/core';
import { addDays } from '@ecogrid/core/credit';
import type { CreditPolicyRules } from '@ecogrid/core/credit-policy';
import { loanNumber } from '@ecogrid/core/loans';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '#src/db/client.ts';
import { recordScheduleChanges, type NewScheduleChange } from '#src/features/credit/schedule-changes.service.ts';
import { sendNotifications } from '#src/features/notifications/notifications.service.ts';
import { HOUSE_ACCOUNTS, postJournals } from '#src/features/wallet/ledger.service.ts';
import type { LoanDeps } from './loan-rows.ts';

/** How many loans one transaction of the daily run changes: a crash loses at most this much work. */
export const DAY_BATCH = 500;

const ids = (rows: { id: string }[]) =>
  sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );

/**
 * Loans whose pause (for a device fault) is not running today: a paused loan counts no arrears,
 * is charged no late fee and is not defaulted until its pause ends.
 */
export const notPaused = (today: string, alias = 'l') =>
  sql.raw(`(${alias}.paused_until is null or ${alias}.paused_until < `).append(sql`${today}::date)`);

async function inBatches<T>(rows: T[], work: (batch: T[]) => Promise<number>): Promise<number> {
  let done = 0;
  for (let i = 0; i < rows.length; i += DAY_BATCH) done += await work(rows.slice(i, i + DAY_BATCH));
  return done;
}

/**
 * The policy's late fee, once per instalment that is afterDays late and still unpaid: added to
 * the instalment's amount due and the loan's fees, with its journal entry (receivable:loans to
 * income:loan-fees, keyed by the instalment) in the same transaction. An instalment that already
 * carries its fee is skipped, so a second run charges nothing.
 */
export async function chargeLateFees(deps: LoanDeps, today: string, policy: CreditPolicyRules): Promise<number> {
  const fee = policy.lateFee;
  if (!fee) return 0;
  const late = await queryRows<{ id: string }>(
    deps.db,
    sql`
      select r.id from loan_repayments r join loans l on l.id = r.loan_id
      where r.status <> 'paid' and r.late_fee = 0 and r.due_date <= ${addDays(today, -fee.afterDays)}::date
        and l.status in ('active', 'defaulted') and ${notPaused(today)}`,
  );
  return inBatches(late, (batch) =>
    deps.db.transaction(async (tx) => {
      const charged = await queryRows<{ id: string; loan_id: string; number: number; seq: string }>(
        tx,
        sql`
          update loan_repayments r set late_fee = ${fee.amount}, amount_due = r.amount_due + ${fee.amount}
          from loans l
          where r.id in (${ids(batch)}) and r.late_fee = 0 and r.status <> 'paid' and l.id = r.loan_id
          returning r.id, r.loan_id, r.number, l.seq::text as seq`,
      );
      const perLoan = new Map<string, number>();
      for (const row of charged) perLoan.set(row.loan_id, (perLoan.get(row.loan_id) ?? 0) + fee.amount);
      if (perLoan.size > 0) {
        await tx.execute(sql`
          update loans set fees = loans.fees + v.fee, updated_at = now()
          from json_to_recordset(${JSON.stringify([...perLoan].map(([id, f]) => ({ id, fee: f })))}::json)
            as v(id uuid, fee bigint)
          where loans.id = v.id`);
      }
      if (charged.length > 0) await keepLateFeeHistory(tx, charged, fee.amount, today);
      // One statement for the batch's entries: a round trip each made a first day with tens of
      // thousands of late instalments take minutes (bench/README.md, (i)).
      await postJournals(
        tx,
        charged.map((row) => ({
          idempotencyKey: `loan-repayment:${row.id}:late-fee`,
          kind: 'loan_fee',
          description: `Late fee on instalment ${row.number} of loan ${loanNumber(Number(row.seq))}`,
          postings: [
            { account: HOUSE_ACCOUNTS.loansReceivable, amount: -fee.amount },
            { account: HOUSE_ACCOUNTS.loanFees, amount: fee.amount },
          ],
        })),
      );
      return charged.length;
    }),
  );
}

/**
 * Each loan charged a late fee today gets its schedule-history row (kind late_fee): the schedule
 * before (the charged instalments without the fee) and after, read in one query per batch.
 */
async function keepLateFeeHistory(tx: Tx, charged: { id: string; loan_id: string }[], fee: number, today: string) {
  const chargedIds = new Set(charged.map((c) => c.id));
  const loanIds = [...new Set(charged.map((c) => c.loan_id))];
  const rows = await queryRows<{
    id: string;
    loan_id: string;
    number: number;
    due_date: string;
    due: string;
    paid: string;
  }>(
    tx,
    sql`
      select r.id, r.loan_id, r.number, r.due_date::text as due_date, r.amount_due::text as due, r.amount_paid::text as paid
      from loan_repayments r where r.loan_id in (${ids(loanIds.map((id) => ({ id })))}) order by r.loan_id, r.number`,
  );
  const changes = new Map<string, NewScheduleChange & { before: unknown[]; after: unknown[]; fee: number }>();
  for (const row of rows) {
    const change = changes.get(row.loan_id) ?? {
      loanId: row.loan_id,
      kind: 'late_fee' as const,
      before: [],
      after: [],
      fee: 0,
      idempotencyKey: `late-fee:${today}`,
    };
    const line = { number: Number(row.number), dueDate: row.due_date, amountPaid: Number(row.paid) };
    const off = chargedIds.has(row.id) ? fee : 0;
    change.before.push({ ...line, amountDue: Number(row.due) - off });
    change.after.push({ ...line, amountDue: Number(row.due) });
    change.fee += off;
    changes.set(row.loan_id, change);
  }
  await recordScheduleChanges(tx, [...changes.values()]);
}

/**
 * Active loans at least the policy's defaultAfterDays past due become defaulted, and their
 * customers are told in plain words what that means and how to return to good standing.
 */
export async function defaultLoans(deps: LoanDeps, today: string, policy: CreditPolicyRules): Promise<number> {
  const due = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from loans l where l.status = 'active' and l.days_past_due >= ${policy.defaultAfterDays} and ${notPaused(today)}`,
  );
  return inBatches(due, (batch) =>
    deps.db.transaction(async (tx) => {
      const rows = await queryRows<{ id: string; user_id: string; seq: string; owed: string }>(
        tx,
        sql`
          update loans l set status = 'defaulted', defaulted_at = now(), updated_at = now()
          where l.id in (${ids(batch)}) and l.status = 'active' and l.days_past_due >= ${policy.defaultAfterDays}
            and ${notPaused(today)}
          returning l.id, l.user_id, l.seq::text as seq,
            (select coalesce(sum(r.amount_due - r.amount_paid), 0) from loan_repayments r
             where r.loan_id = l.id and r.status <> 'paid' and r.due_date < ${today}::date)::text as owed`,
      );
      await sendNotifications(
        tx,
        deps,
        rows.map((row) => ({
          userId: row.user_id,
          type: 'loan_update' as const,
          text: {
            key: 'notifications:loan.defaulted',
            values: {
              loan: loanNumber(Number(row.seq)),
              days: policy.defaultAfterDays,
              amount: formatUgx(Number(row.owed)),
            },
          },
          data: { loanId: row.id },
          sms: true,
        })),
      );
      await deps.realtime.publishMany(
        tx,
        rows.map((r) => ({
          userId: r.user_id,
          event: { type: 'loan' as const, data: { id: r.id, status: 'defaulted' } },
        })),
      );
      return rows.length;
    }),
  );
}

/**
 * The book by arrears bucket at the end of the day (written again by a second run), and on a
 * month's last day each open loan's bucket and balance.
 */
export async function recordPortfolioDay(db: Database, today: string): Promise<void> {
  const bucket = sql.raw(`case when l.status = 'defaulted' then 'defaulted'
    when l.days_past_due >= 90 then 'par90' when l.days_past_due >= 60 then 'par60'
    when l.days_past_due >= 30 then 'par30' when l.days_past_due >= 1 then 'par1' else 'current' end`);
  const owed = sql.raw('l.credit_price + l.fees - l.paid - l.forgiven');
  await db.execute(sql`
    insert into portfolio_days (day, bucket, loans, outstanding)
    select ${today}::date, b.bucket, coalesce(s.loans, 0), coalesce(s.outstanding, 0)
    from (values ('current'), ('par1'), ('par30'), ('par60'), ('par90'), ('defaulted')) as b(bucket)
    left join (
      select ${bucket} as bucket, count(*)::int as loans, sum(${owed}) as outstanding
      from loans l where l.status in ('active', 'defaulted') group by 1
    ) s on s.bucket = b.bucket
    on conflict (day, bucket) do update set loans = excluded.loans, outstanding = excluded.outstanding`);
  if (addDays(today, 1).slice(0, 7) === today.slice(0, 7)) return;
  await db.execute(sql`
    insert into loan_month_ends (month, loan_id, bucket, outstanding)
    select ${`${today.slice(0, 7)}-01`}::date, l.id, ${bucket}, ${owed}
    from loans l where l.status in ('active', 'defaulted')
    on conflict (month, loan_id) do update set bucket = excluded.bucket, outstanding = excluded.outstanding`);
}
