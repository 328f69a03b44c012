import { loanNumber } from '@ecogrid/core/loans';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loans } from '#src/db/schema/loans.ts';
import { lockLoan, takesRepayments } from './loan-rows.ts';

/** A loan number as a payer may type it (LN-000123, ln 123, LN000123) to its running number. */
export function loanSeqOf(account: string): number | null {
  const match = /^LN-?0*(\d{1,12})$/i.exec(account.replace(/\s+/g, ''));
  return match ? Number(match[1]) : null;
}

/**
 * The loan a paybill payment names, locked, when it takes repayments (active or defaulted):
 * its settlement then applies the money, oldest instalment first, any excess to the wallet.
 * 'closed' for a loan that takes no more (paid off, cancelled, written off, not yet active), so
 * the money waits for an admin rather than landing where the payer did not mean it.
 */
export async function loanForPaybill(
  tx: Tx,
  account: string,
): Promise<{ loanId: string; userId: string; number: string } | 'closed' | null> {
  const seq = loanSeqOf(account);
  if (seq === null) return null;
  const [found] = await tx.select({ id: loans.id }).from(loans).where(eq(loans.seq, seq));
  if (!found) return null;
  const loan = await lockLoan(tx, found.id, null);
  if (!takesRepayments(loan)) return 'closed';
  return { loanId: loan.id, userId: loan.userId, number: loanNumber(loan.seq) };
}

/** A customer's loans that take repayments, for an admin placing a paybill receipt. */
export async function repayableLoansOf(db: Database | Tx, userId: string) {
  const rows = await db
    .select({ id: loans.id, seq: loans.seq, status: loans.status })
    .from(loans)
    .where(eq(loans.userId, userId))
    .orderBy(loans.seq);
  return rows.filter(takesRepayments).map((r) => ({ id: r.id, number: loanNumber(r.seq) }));
}
