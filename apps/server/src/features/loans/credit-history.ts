import { loanNumber } from '@ecogrid/core/loans';
import type { CreditHistory } from '@ecogrid/core/loans.responses';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { loanPayments, loans } from '#src/db/schema/loans.ts';
import { customerScore, type StoredSuggestion } from './credit-check.ts';
import { findLoan } from './loan-rows.ts';
import { summaries } from './loan-views.ts';

/** How many of the customer's latest payments the approval screen shows. */
const RECENT_PAYMENTS = 20;

/**
 * What an admin weighs before deciding a loan: the suggestion the policy made when the customer
 * applied, their score today, every other loan of theirs (newest first, at most 50) and their
 * latest payments on any loan.
 */
export async function creditHistory(db: Database, loanId: string, now = new Date()): Promise<CreditHistory> {
  const loan = await findLoan(db, loanId, null);
  const [others, score] = await Promise.all([
    db
      .select()
      .from(loans)
      .where(and(eq(loans.userId, loan.userId), ne(loans.id, loan.id)))
      .orderBy(desc(loans.createdAt))
      .limit(50),
    customerScore(db, loan.userId, now),
  ]);
  const mine = await db.select({ id: loans.id, seq: loans.seq }).from(loans).where(eq(loans.userId, loan.userId));
  const numbers = new Map(mine.map((l) => [l.id, loanNumber(l.seq)]));
  const payments = await db
    .select()
    .from(loanPayments)
    .where(
      inArray(
        loanPayments.loanId,
        mine.map((l) => l.id),
      ),
    )
    .orderBy(desc(loanPayments.createdAt))
    .limit(RECENT_PAYMENTS);
  return {
    policyVersion: loan.policyVersion,
    declaredIncome: loan.declaredIncome,
    suggestion: (loan.creditSuggestion as StoredSuggestion | null) ?? null,
    score,
    otherLoans: await summaries(db, others),
    recentPayments: payments.map((p) => ({
      loanNumber: numbers.get(p.loanId) ?? '',
      kind: p.kind,
      amount: p.amount,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}
