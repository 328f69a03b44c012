import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loans, type LoanRow } from '#src/db/schema/loans.ts';
import { notFound } from '#src/platform/errors.ts';
import type { PaymentDeps } from '#src/features/payments/payments.service.ts';

export type LoanDeps = PaymentDeps;

/** Days an approved loan waits for its deposit before it is closed and its unit put back on sale. */
export const DEPOSIT_DAYS = 14;

const loanNotFound = () => notFound('No loan of yours has this id.');

/** A loan by id: the customer's own (another's is not found), or any for an admin (null). */
export async function findLoan(db: Database | Tx, id: string, userId: string | null): Promise<LoanRow> {
  const [row] = await db.select().from(loans).where(eq(loans.id, id));
  if (!row || (userId !== null && row.userId !== userId)) throw loanNotFound();
  return row;
}

/** The rows of these loans, in one query; an id that is no loan is left out. */
export async function findLoans(db: Database | Tx, ids: string[]): Promise<LoanRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(loans)
    .where(inArray(loans.id, [...new Set(ids)]));
}

/** A loan's row, locked for a change, with the same rule as findLoan for who may see it. */
export async function lockLoan(tx: Tx, id: string, userId: string | null): Promise<LoanRow> {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
  if (!row || (userId !== null && row.userId !== userId)) throw loanNotFound();
  return row;
}

/** Tells the customer's open screens that the loan changed. */
export async function loanEvent(tx: Tx, deps: LoanDeps, loan: Pick<LoanRow, 'id' | 'userId' | 'status'>) {
  await deps.realtime.publish(tx, loan.userId, { type: 'loan', data: { id: loan.id, status: loan.status } });
}

/**
 * The key of a repayment's allocation (instalment number to amount) that holds the part of it
 * that paid fees, which buys no days of use.
 */
export const FEES_SHARE = 'fees';

/** What a loan still owes: its credit price and fees, less what was paid and forgiven. */
export const amountOwed = (loan: Pick<LoanRow, 'creditPrice' | 'fees' | 'paid' | 'forgiven'>) =>
  loan.creditPrice + loan.fees - loan.paid - loan.forgiven;

/** Active and defaulted loans take repayments (a defaulted one returns to good standing by them). */
export const takesRepayments = (loan: Pick<LoanRow, 'status'>) =>
  loan.status === 'active' || loan.status === 'defaulted';
