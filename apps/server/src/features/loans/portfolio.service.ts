import { formatUgx } from '@ecogrid/core';
import { addDays, daysBetween, kampalaDate } from '@ecogrid/core/credit';
import {
  loanNumber,
  REMINDER_DAYS,
  type PortfolioFigures,
  type PortfolioFilters,
  type PortfolioLoan,
} from '@ecogrid/core/loans';
import { toasts } from '@ecogrid/core/notifications';
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#src/db/client.ts';
import { loanRepayments, loans } from '#src/db/schema/loans.ts';
import { after, toPage, type Page } from '#src/platform/pagination.ts';
import { agentCodes, agentIdByCode, userSummaries } from '#src/features/auth/profile.service.ts';
import { sendNotifications } from '#src/features/notifications/notifications.service.ts';
import { DEPOSIT_DAYS, expireUnpaidApproval, summaries, type LoanDeps } from './loans.service.ts';

/** How many reminders one transaction sends: a crash loses at most this much work, never sends twice. */
const REMINDER_BATCH = 500;

export type LoanDayResult = {
  arrearsChanged: number;
  enteredArrears: number;
  reminders: number;
  /** Approved loans closed because their deposit was not paid in time. */
  expired: number;
};

/**
 * The daily reminders-and-arrears run for a calendar day in Kampala. Safe to run twice and after
 * downtime: days past due are computed afresh from the schedule (not counted up), each instalment
 * is reminded at most once, a loan has one reminder out at a time (reminded_at is set in the
 * transaction that sends it), a loan is told it is in arrears when it goes from 0 days past due
 * to more, and an approved loan whose deposit is DEPOSIT_DAYS late is closed once.
 */
export async function runLoanDay(deps: LoanDeps, today = kampalaDate(new Date())): Promise<LoanDayResult> {
  // 1. Arrears: every active loan's days past due, worked out afresh from its schedule in one
  // query; the loans whose figure changed are then updated in batches, each in the transaction
  // that tells the customers who have just fallen behind, so a crash between the two can never
  // leave a loan in arrears whose customer was not told. A loan repaid meanwhile (what it has
  // been paid moved) is left for the next run, which works it out afresh.
  const changed = await queryRows<{
    id: string;
    user_id: string;
    seq: string;
    days: number;
    was: number;
    paid: string;
    overdue: string;
  }>(
    deps.db,
    sql`
    with oldest as (
      select r.loan_id, min(r.due_date) as due, sum(r.amount_due - r.amount_paid) as overdue
      from loan_repayments r
      where r.status <> 'paid' and r.due_date < ${today}::date
      group by r.loan_id
    )
    select l.id, l.user_id, l.seq, coalesce(${today}::date - o.due, 0) as days, l.days_past_due as was,
           l.paid::text as paid, coalesce(o.overdue, 0)::text as overdue
    from loans l left join oldest o on o.loan_id = l.id
    where l.status = 'active' and l.days_past_due <> coalesce(${today}::date - o.due, 0)`,
  );
  let arrearsChanged = 0;
  let enteredArrears = 0;
  for (let i = 0; i < changed.length; i += REMINDER_BATCH) {
    const batch = changed.slice(i, i + REMINDER_BATCH);
    const done = await deps.db.transaction(async (tx) => {
      const updated = await queryRows<{ id: string }>(
        tx,
        sql`
        update loans set days_past_due = v.days, updated_at = now()
        from json_to_recordset(${JSON.stringify(
          batch.map(({ id, days, was, paid }) => ({ id, days: Number(days), was: Number(was), paid: Number(paid) })),
        )}::json)
          as v(id uuid, days integer, was integer, paid bigint)
        where loans.id = v.id and loans.status = 'active' and loans.days_past_due = v.was and loans.paid = v.paid
        returning loans.id`,
      );
      const kept = new Set(updated.map((r) => r.id));
      const entered = batch.filter((l) => kept.has(l.id) && Number(l.was) === 0 && Number(l.days) > 0);
      await sendNotifications(
        tx,
        deps,
        entered.map((loan) => ({
          userId: loan.user_id,
          type: 'loan_reminder' as const,
          title: 'Loan payment overdue',
          message: `Loan ${loanNumber(Number(loan.seq))}: ${formatUgx(Number(loan.overdue))} is ${loan.days} ${Number(loan.days) === 1 ? 'day' : 'days'} overdue. Pay in the loan tracker to keep your device working.`,
          data: { loanId: loan.id, daysPastDue: Number(loan.days) },
          sms: true,
        })),
      );
      await deps.realtime.publishMany(
        tx,
        batch
          .filter((l) => kept.has(l.id))
          .map((l) => ({ userId: l.user_id, event: { type: 'loan' as const, data: { id: l.id, status: 'active' } } })),
      );
      return { updated: kept.size, entered: entered.length };
    });
    arrearsChanged += done.updated;
    enteredArrears += done.entered;
  }
  // 2. Reminders: instalments of active loans due today to REMINDER_DAYS days ahead, not yet
  // reminded, the earliest of each loan only, and none while an earlier reminder of the loan is
  // still unpaid and not yet overdue (a daily plan's customer gets one text for the amount due
  // next, not four). Found in one query, then sent in batches, each claimed in its transaction.
  const until = addDays(today, REMINDER_DAYS);
  const due = await queryRows<{ id: string }>(
    deps.db,
    sql`
      select distinct on (r.loan_id) r.id
      from loan_repayments r join loans l on l.id = r.loan_id
      where r.status <> 'paid' and r.reminded_at is null
        and r.due_date between ${today}::date and ${until}::date and l.status = 'active'
        and not exists (
          select 1 from loan_repayments r3
          where r3.loan_id = r.loan_id and r3.reminded_at is not null and r3.status <> 'paid'
            and r3.due_date >= ${today}::date)
      order by r.loan_id, r.due_date`,
  );
  let reminders = 0;
  for (let i = 0; i < due.length; i += REMINDER_BATCH) {
    const ids = due.slice(i, i + REMINDER_BATCH).map((r) => r.id);
    reminders += await deps.db.transaction(async (tx) => {
      // Claimed by setting reminded_at; a run racing this one waits on these rows, then skips them.
      const rows = await queryRows<{ loan_id: string; user_id: string; due_date: string; owed: string }>(
        tx,
        sql`
          update loan_repayments r set reminded_at = now()
          where r.id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) and r.reminded_at is null and r.status <> 'paid'
            and exists (select 1 from loans l where l.id = r.loan_id and l.status = 'active')
          returning r.loan_id, r.user_id, r.due_date::text as due_date, (r.amount_due - r.amount_paid)::text as owed`,
      );
      const reminded = rows.map((row) => ({
        row,
        amount: Number(row.owed),
        days: daysBetween(today, row.due_date),
      }));
      await sendNotifications(
        tx,
        deps,
        reminded.map(({ row, amount, days }) => {
          const words = toasts.loanReminder(amount, days);
          return {
            userId: row.user_id,
            type: 'loan_reminder' as const,
            title: words.title,
            message: words.message,
            data: { loanId: row.loan_id, dueDate: row.due_date, amount },
            sms: true,
          };
        }),
      );
      // The spec's live loan_repayments update, raising the same reminder toast on an open page.
      await deps.realtime.publishMany(
        tx,
        reminded.map(({ row, amount, days }) => ({
          userId: row.user_id,
          event: { type: 'loan_repayment' as const, data: { loanId: row.loan_id, amount, dueInDays: days } },
        })),
      );
      return rows.length;
    });
  }
  // 3. Approved loans whose deposit was not paid within DEPOSIT_DAYS (from the start of the day
  // that many days ago, in Kampala) are closed and their units put back on sale, one at a time.
  const approvedBefore = new Date(`${addDays(today, -DEPOSIT_DAYS)}T00:00:00+03:00`);
  const stale = await deps.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.status, 'approved'), lt(loans.decidedAt, approvedBefore)));
  let expired = 0;
  for (const { id } of stale) if (await expireUnpaidApproval(deps, id, approvedBefore)) expired++;
  return { arrearsChanged, enteredArrears, reminders, expired };
}

/** PAR, collection rate and counts over the whole book, on a day. */
export async function portfolioFigures(db: Database, today = kampalaDate(new Date())): Promise<PortfolioFigures> {
  const [book] = await db
    .select({
      outstanding: sql<string>`coalesce(sum(${loans.creditPrice} - ${loans.paid}) filter (where ${loans.status} = 'active'), 0)`,
      par1: sql<string>`coalesce(sum(${loans.creditPrice} - ${loans.paid}) filter (where ${loans.status} = 'active' and ${loans.daysPastDue} > 1), 0)`,
      par30: sql<string>`coalesce(sum(${loans.creditPrice} - ${loans.paid}) filter (where ${loans.status} = 'active' and ${loans.daysPastDue} > 30), 0)`,
      par60: sql<string>`coalesce(sum(${loans.creditPrice} - ${loans.paid}) filter (where ${loans.status} = 'active' and ${loans.daysPastDue} > 60), 0)`,
      par90: sql<string>`coalesce(sum(${loans.creditPrice} - ${loans.paid}) filter (where ${loans.status} = 'active' and ${loans.daysPastDue} > 90), 0)`,
      active: sql<number>`(count(*) filter (where ${loans.status} = 'active'))::int`,
      completed: sql<number>`(count(*) filter (where ${loans.status} = 'completed'))::int`,
      pendingApproval: sql<number>`(count(*) filter (where ${loans.status} = 'pending_approval'))::int`,
      inArrears: sql<number>`(count(*) filter (where ${loans.status} = 'active' and ${loans.daysPastDue} > 0))::int`,
    })
    .from(loans);
  // The collection rate's definition is on portfolioFiguresSchema.
  const [collected] = await db
    .select({
      due: sql<string>`coalesce(sum(${loanRepayments.amountDue}) filter (where ${loanRepayments.dueDate} <= ${today}), 0)`,
      paid: sql<string>`coalesce(sum(${loanRepayments.amountPaid}) filter (where ${loanRepayments.dueDate} <= ${today}), 0)`,
      ahead: sql<string>`coalesce(sum(${loanRepayments.amountPaid}) filter (where ${loanRepayments.dueDate} > ${today}), 0)`,
    })
    .from(loanRepayments);
  const outstanding = Number(book!.outstanding);
  const share = (part: string | number, whole: number) =>
    whole === 0 ? 0 : Math.round((Number(part) * 10_000) / whole);
  const due = Number(collected!.due);
  return {
    outstanding,
    par1: share(book!.par1, outstanding),
    par30: share(book!.par30, outstanding),
    par60: share(book!.par60, outstanding),
    par90: share(book!.par90, outstanding),
    collectionRate: due === 0 ? null : share(collected!.paid, due),
    dueToDate: due,
    collectedToDate: Number(collected!.paid),
    paidAhead: Number(collected!.ahead),
    active: book!.active,
    completed: book!.completed,
    pendingApproval: book!.pendingApproval,
    inArrears: book!.inArrears,
  };
}

async function withPeople(db: Database, rows: (typeof loans.$inferSelect)[]): Promise<PortfolioLoan[]> {
  const [views, people, codes] = await Promise.all([
    summaries(db, rows),
    userSummaries(db, [...new Set(rows.map((r) => r.userId))]),
    agentCodes(db, [...new Set(rows.flatMap((r) => (r.agentId ? [r.agentId] : [])))]),
  ]);
  return views.map((view, i) => {
    const row = rows[i]!;
    const person = people.get(row.userId);
    return {
      ...view,
      customerName: person?.name ?? '',
      customerPhone: person?.phone ?? null,
      district: row.district,
      agentCode: row.agentId ? (codes.get(row.agentId) ?? null) : null,
    };
  });
}

/**
 * The loan book for admins, filtered by status, district, agent code and days past due, a page
 * at a time. The approval queue (pending_approval) reads oldest first, as a queue; the rest
 * newest first.
 */
export async function portfolioPage(
  db: Database,
  filters: PortfolioFilters & { cursor?: string | undefined; limit: number },
): Promise<Page<PortfolioLoan>> {
  const direction = filters.status === 'pending_approval' ? 'asc' : 'desc';
  const agentId = filters.agent ? await agentIdByCode(db, filters.agent) : undefined;
  if (filters.agent && !agentId) return { items: [], nextCursor: null };
  const rows = await db
    .select()
    .from(loans)
    .where(
      and(
        filters.status ? eq(loans.status, filters.status) : undefined,
        filters.district ? sql`lower(${loans.district}) = lower(${filters.district})` : undefined,
        agentId ? eq(loans.agentId, agentId) : undefined,
        filters.minDaysPastDue !== undefined ? gte(loans.daysPastDue, filters.minDaysPastDue) : undefined,
        filters.maxDaysPastDue !== undefined ? lte(loans.daysPastDue, filters.maxDaysPastDue) : undefined,
        after(loans.createdAt, loans.id, filters.cursor, direction),
      ),
    )
    .orderBy(
      direction === 'asc' ? asc(loans.createdAt) : desc(loans.createdAt),
      direction === 'asc' ? asc(loans.id) : desc(loans.id),
    )
    .limit(filters.limit + 1);
  const page = toPage(rows, filters.limit, (row) => row);
  return { items: await withPeople(db, page.items), nextCursor: page.nextCursor };
}

/** A loan with its customer, district and agent, for the admin detail page. */
export async function portfolioLoan(db: Database, row: typeof loans.$inferSelect): Promise<PortfolioLoan> {
  return (await withPeople(db, [row]))[0]!;
}

/** One customer's loans, newest first (at most 100), for the agent who serves them. */
export async function customerPortfolioLoans(db: Database, customerId: string): Promise<PortfolioLoan[]> {
  const rows = await db
    .select()
    .from(loans)
    .where(eq(loans.userId, customerId))
    .orderBy(desc(loans.createdAt))
    .limit(100);
  return withPeople(db, rows);
}
