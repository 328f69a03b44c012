import { formatUgx } from '@ecogrid/core';
import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { loanNumber, type PortfolioFigures, type PortfolioFilters, type PortfolioLoan } from '@ecogrid/core/loans';
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#src/db/client.ts';
import { loanRepayments, loans } from '#src/db/schema/loans.ts';
import { after, toPage, type Page } from '#src/platform/pagination.ts';
import { agentCodes, agentIdByCode, userSummaries } from '#src/features/auth/profile.service.ts';
import { sendNotifications } from '#src/features/notifications/notifications.service.ts';
import { chargeLateFees, DAY_BATCH, defaultLoans, notPaused, recordPortfolioDay } from './collections-day.ts';
import { creditPolicyInForce } from '#src/features/credit/credit-policy.service.ts';
import { raiseFollowUps } from './follow-ups-day.ts';
import { sendReminders } from './loan-reminders.ts';
import { DEPOSIT_DAYS, expireUnpaidApproval, summaries, type LoanDeps } from './loans.service.ts';

export type LoanDayResult = {
  arrearsChanged: number;
  enteredArrears: number;
  reminders: number;
  /** Approved loans closed because their deposit was not paid in time. */
  expired: number;
  lateFees: number;
  defaulted: number;
  followUps: number;
};

/**
 * The daily collections run for a calendar day in Kampala. Safe to run twice and after
 * downtime: days past due are computed afresh from the schedule (not counted up), a loan is told
 * it is in arrears when it goes from 0 days past due to more; then the credit policy's late fees,
 * defaults, follow-ups and reminders (each done at most once: collections-day.ts,
 * follow-ups-day.ts, loan-reminders.ts); an approved loan whose deposit is DEPOSIT_DAYS late is
 * closed once; and the day's portfolio figures are recorded.
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
    status: string;
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
    select l.id, l.user_id, l.seq, coalesce(${today}::date - o.due, 0) as days, l.days_past_due as was, l.status,
           l.paid::text as paid, coalesce(o.overdue, 0)::text as overdue
    from loans l left join oldest o on o.loan_id = l.id
    where l.status in ('active', 'defaulted') and ${notPaused(today)}
      and l.days_past_due <> coalesce(${today}::date - o.due, 0)`,
  );
  let arrearsChanged = 0;
  let enteredArrears = 0;
  for (let i = 0; i < changed.length; i += DAY_BATCH) {
    const batch = changed.slice(i, i + DAY_BATCH);
    const done = await deps.db.transaction(async (tx) => {
      const updated = await queryRows<{ id: string }>(
        tx,
        sql`
        update loans set days_past_due = v.days, updated_at = now()
        from json_to_recordset(${JSON.stringify(
          batch.map(({ id, days, was, paid }) => ({ id, days: Number(days), was: Number(was), paid: Number(paid) })),
        )}::json)
          as v(id uuid, days integer, was integer, paid bigint)
        where loans.id = v.id and loans.status in ('active', 'defaulted') and loans.days_past_due = v.was and loans.paid = v.paid
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
          text: {
            key: 'notifications:loan.overdue',
            values: {
              loan: loanNumber(Number(loan.seq)),
              amount: formatUgx(Number(loan.overdue)),
              count: Number(loan.days),
            },
          },
          data: { loanId: loan.id, daysPastDue: Number(loan.days) },
          sms: true,
        })),
      );
      await deps.realtime.publishMany(
        tx,
        batch
          .filter((l) => kept.has(l.id))
          .map((l) => ({ userId: l.user_id, event: { type: 'loan' as const, data: { id: l.id, status: l.status } } })),
      );
      return { updated: kept.size, entered: entered.length };
    });
    arrearsChanged += done.updated;
    enteredArrears += done.entered;
  }
  // 2. The policy's collections: late fees, defaults, follow-ups and reminders, then the day's figures.
  const { rules } = await creditPolicyInForce(deps.db);
  const lateFees = await chargeLateFees(deps, today, rules);
  const defaulted = await defaultLoans(deps, today, rules);
  const followUps = await raiseFollowUps(deps, today);
  const reminders = await sendReminders(deps, today, rules);
  // 3. Approved loans whose deposit was not paid within DEPOSIT_DAYS (from the start of the day
  // that many days ago, in Kampala) are closed and their units put back on sale, one at a time.
  const approvedBefore = new Date(`${addDays(today, -DEPOSIT_DAYS)}T00:00:00+03:00`);
  const stale = await deps.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.status, 'approved'), lt(loans.decidedAt, approvedBefore)));
  let expired = 0;
  for (const { id } of stale) if (await expireUnpaidApproval(deps, id, approvedBefore)) expired++;
  await recordPortfolioDay(deps.db, today);
  return { arrearsChanged, enteredArrears, reminders, expired, lateFees, defaulted, followUps };
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
