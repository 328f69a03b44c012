import { formatUgx } from '@ecogrid/core';
import type { CreditPolicyRules } from '@ecogrid/core/credit-policy';
import { loanNumber } from '@ecogrid/core/loans';
import { sql } from 'drizzle-orm';
import { queryRows } from '#src/db/client.ts';
import { accountNumbersOf } from '#src/features/auth/account-numbers.service.ts';
import { sendNotifications } from '#src/features/notifications/notifications.service.ts';
import type { CatalogueText } from '#src/platform/i18n.ts';
import { DAY_BATCH } from './collections-day.ts';
import type { LoanDeps } from './loan-rows.ts';

/** How a customer pays by paybill: the business number and their account number, when both are known. */
type PaybillWay = { paybill: string; account: string } | null;

/**
 * The words of a reminder `offset` days from the due date (negative: before it), for the reader's
 * language. With a paybill number set, the text says how to pay from any phone: the number and
 * the customer's account number (the catalogue's `_paybill` variants).
 */
function reminderText(seq: number, amount: number, offset: number, way: PaybillWay): CatalogueText {
  const values = {
    loan: loanNumber(seq),
    amount: formatUgx(amount),
    ...(way ? { context: 'paybill', paybill: way.paybill, account: way.account } : {}),
  };
  if (offset < 0) return { key: 'notifications:loan.dueSoon', values: { ...values, count: -offset } };
  if (offset === 0) return { key: 'notifications:loan.dueToday', values };
  return { key: 'notifications:loan.overdue', values: { ...values, count: offset } };
}

/**
 * The policy's reminders: on each of its reminder days (relative to an instalment's due date)
 * an unpaid instalment of an active loan that is not paused is reminded, one instalment per loan
 * a day (the earliest), recorded in loan_reminders in the transaction that sends it, so a second
 * run sends nothing.
 */
export async function sendReminders(deps: LoanDeps, today: string, policy: CreditPolicyRules): Promise<number> {
  if (policy.reminderDays.length === 0) return 0;
  const due = await queryRows<{ id: string; day_offset: number }>(
    deps.db,
    sql`
      select distinct on (r.loan_id) r.id, d.day_offset
      from unnest(${`{${policy.reminderDays.join(',')}}`}::int[]) as d(day_offset)
      join loan_repayments r on r.due_date = ${today}::date - d.day_offset
      join loans l on l.id = r.loan_id
      where r.status <> 'paid' and l.status = 'active'
        and (l.paused_until is null or l.paused_until < ${today}::date)
        and not exists (select 1 from loan_reminders m where m.repayment_id = r.id and m.day_offset = d.day_offset)
        -- One a loan a day: a run again that day must not remind the loan's next instalment instead.
        and not exists (
          select 1 from loan_reminders m join loan_repayments o on o.id = m.repayment_id
          where o.loan_id = r.loan_id and o.due_date + m.day_offset = ${today}::date)
      order by r.loan_id, r.due_date`,
  );
  let sent = 0;
  for (let i = 0; i < due.length; i += DAY_BATCH) {
    const batch = due.slice(i, i + DAY_BATCH);
    sent += await deps.db.transaction(async (tx) => {
      // Claimed by the insert; a run racing this one waits on these rows, then skips them.
      const rows = await queryRows<{
        loan_id: string;
        user_id: string;
        seq: string;
        due_date: string;
        owed: string;
        day_offset: number;
      }>(
        tx,
        sql`
          with claimed as (
            insert into loan_reminders (repayment_id, day_offset)
            select v.id, v.day_offset from json_to_recordset(${JSON.stringify(batch)}::json) as v(id uuid, day_offset integer)
            on conflict do nothing
            returning repayment_id, day_offset)
          select r.loan_id, r.user_id, l.seq::text as seq, r.due_date::text as due_date,
                 (r.amount_due - r.amount_paid)::text as owed, c.day_offset
          from claimed c join loan_repayments r on r.id = c.repayment_id join loans l on l.id = r.loan_id`,
      );
      const reminded = rows.map((row) => ({ row, amount: Number(row.owed), offset: Number(row.day_offset) }));
      const paybill = deps.mobileMoney.paybillNumber;
      const accounts = paybill ? await accountNumbersOf(tx, [...new Set(rows.map((r) => r.user_id))]) : new Map();
      const wayOf = (userId: string): PaybillWay => {
        const account = accounts.get(userId);
        return paybill && account ? { paybill, account } : null;
      };
      await sendNotifications(
        tx,
        deps,
        reminded.map(({ row, amount, offset }) => ({
          userId: row.user_id,
          type: 'loan_reminder' as const,
          text: reminderText(Number(row.seq), amount, offset, wayOf(row.user_id)),
          data: { loanId: row.loan_id, dueDate: row.due_date, amount },
          sms: true,
          smsPurpose: { purpose: 'reminder' as const },
        })),
      );
      // The spec's live loan_repayments update, raising the same reminder toast on an open page.
      await deps.realtime.publishMany(
        tx,
        reminded.map(({ row, amount, offset }) => ({
          userId: row.user_id,
          event: { type: 'loan_repayment' as const, data: { loanId: row.loan_id, amount, dueInDays: -offset } },
        })),
      );
      return rows.length;
    });
  }
  return sent;
}
