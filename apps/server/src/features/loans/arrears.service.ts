import { kampalaDate } from '@ecogrid/core/credit';
import { loanNumber } from '@ecogrid/core/loans';
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { loans } from '#src/db/schema/loans.ts';
import { ofCustomers } from './agent-book.ts';

export type LoanInArrears = {
  loanId: string;
  customerId: string;
  loanNumber: string;
  productName: string;
  daysPastDue: number;
  /** The instalments fallen due (before today, in Kampala) and not yet paid, in UGX. */
  amountOverdue: number;
};

/** SQL for a loan's instalments fallen due before `today` and not yet paid, in UGX (0 when none). */
export const overdueOf = (loanId: SQL, today: string) =>
  sql`coalesce((select sum(r.amount_due - r.amount_paid) from loan_repayments r
    where r.loan_id = ${loanId} and r.status <> 'paid' and r.due_date < ${today}::date), 0)`;

/**
 * The loans of these customers that are in arrears (active or defaulted, days past due > 0),
 * most days past due first: an agent's list of whom to visit. Reads the loans in arrears by
 * their partial index, joined to the customers, and sums each one's unpaid instalments by the
 * schedule's (loan, number) index.
 */
export async function loansInArrears(db: Database, customerIds: string[], limit = 200): Promise<LoanInArrears[]> {
  if (customerIds.length === 0) return [];
  const today = kampalaDate(new Date());
  const rows = await db
    .select({
      id: loans.id,
      userId: loans.userId,
      seq: loans.seq,
      productName: loans.productName,
      daysPastDue: loans.daysPastDue,
      overdue: sql<string>`${overdueOf(sql.raw('loans.id'), today)}::text`,
    })
    .from(loans)
    .where(and(ofCustomers(customerIds), gt(loans.daysPastDue, 0), inArray(loans.status, ['active', 'defaulted'])))
    .orderBy(desc(loans.daysPastDue), asc(loans.id))
    .limit(limit);
  return rows.map((r) => ({
    loanId: r.id,
    customerId: r.userId,
    loanNumber: loanNumber(r.seq),
    productName: r.productName,
    daysPastDue: r.daysPastDue,
    amountOverdue: Number(r.overdue),
  }));
}

/** Whether the loan is this customer's. */
export async function isCustomersLoan(db: Database, loanId: string, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.userId, customerId)));
  return Boolean(row);
}
