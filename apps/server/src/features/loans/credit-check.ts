import { kampalaDate, type LoanFrequency } from '@ecogrid/core/credit';
import {
  monthlyEquivalent,
  repaymentScore,
  suggestCredit,
  type ApplicationFacts,
  type CreditPolicy,
  type CreditSuggestion,
  type RepaymentScore,
} from '@ecogrid/core/credit-policy';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loanRepayments, loans } from '#src/db/schema/loans.ts';

/** What an application was judged on and what the policy suggested, as stored on the loan. */
export type StoredSuggestion = CreditSuggestion & { score: number | null; facts: ApplicationFacts };

/** A customer's repayment score now, from every instalment of theirs (paid on the day paid, in Kampala). */
export async function customerScore(db: Database | Tx, userId: string, now: Date): Promise<RepaymentScore> {
  const history = await db
    .select({
      dueDate: loanRepayments.dueDate,
      amountDue: loanRepayments.amountDue,
      status: loanRepayments.status,
      paidAt: loanRepayments.paidAt,
    })
    .from(loanRepayments)
    .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
    .where(eq(loans.userId, userId));
  return repaymentScore(
    history.map((r) => ({
      dueDate: r.dueDate,
      amountDue: r.amountDue,
      paidOn: r.status === 'paid' && r.paidAt ? kampalaDate(r.paidAt) : null,
    })),
    kampalaDate(now),
  );
}

/** Loans that count against the open-loan limit; a defaulted loan is still owed, and in arrears. */
const OPEN = ['pending_approval', 'approved', 'active', 'defaulted'] as const;

type Application = { instalment: number; frequency: LoanFrequency };

/**
 * Judges one application by the policy in force: the customer's open loans (those this checkout
 * already made included, as the transaction sees them), how many are in arrears, what they and
 * this one ask a month against the income declared, and the score of every instalment they had.
 */
export async function judgeApplication(
  tx: Tx,
  policy: CreditPolicy,
  input: Application & { userId: string; declaredIncome: number | null; now: Date },
): Promise<StoredSuggestion> {
  const [one] = await judgeUnits(tx, policy, { ...input, units: [input] });
  return one!;
}

/**
 * Judges the units of a sale in the order the sale makes them loans, as judgeApplication would
 * one after another: a unit approved or held counts as an open loan for the units after it, a
 * refused one does not. The quote of a sale uses it so that it says what the sale will do.
 */
export async function judgeUnits(
  db: Database | Tx,
  policy: CreditPolicy,
  input: { userId: string; units: readonly Application[]; declaredIncome: number | null; now: Date },
): Promise<StoredSuggestion[]> {
  const open: (Application & { status: string; daysPastDue: number })[] = await db
    .select({
      status: loans.status,
      daysPastDue: loans.daysPastDue,
      instalment: loans.instalment,
      frequency: loans.frequency,
    })
    .from(loans)
    .where(and(eq(loans.userId, input.userId), inArray(loans.status, [...OPEN])));
  const score = await customerScore(db, input.userId, input.now);
  return input.units.map((unit) => {
    const facts: ApplicationFacts = {
      openLoans: open.length + 1,
      loansInArrears: open.filter((l) => l.status === 'defaulted' || (l.status === 'active' && l.daysPastDue > 0))
        .length,
      monthlyInstalments: [...open, unit].reduce((sum, l) => sum + monthlyEquivalent(l.instalment, l.frequency), 0),
      declaredMonthlyIncome: input.declaredIncome,
      score: score.score,
    };
    const suggestion = suggestCredit(policy.rules, facts);
    if (suggestion.outcome !== 'refuse') open.push({ ...unit, status: 'pending_approval', daysPastDue: 0 });
    return { ...suggestion, score: score.score, facts };
  });
}

const REASON_TEXT: Record<string, string> = {
  open_loan_limit: 'you have as many loans open as one customer may',
  in_arrears: 'another loan of yours is in arrears',
  unaffordable: 'the instalments take too much of the monthly income you declared',
  no_income: 'no monthly income was declared',
  low_score: 'your earlier instalments were not paid on time often enough',
};

/** The suggestion in a sentence a customer can read: why it waits, or why it was refused. */
export function suggestionNote(suggestion: CreditSuggestion): string {
  if (suggestion.outcome === 'approve') return 'Approved automatically';
  const why = suggestion.reasons
    .filter((r) => r.outcome === suggestion.outcome)
    .map((r) => REASON_TEXT[r.check])
    .join('; ');
  return suggestion.outcome === 'review' ? `Waiting for approval: ${why}.` : `Refused by the credit policy: ${why}.`;
}
