import type { Tx } from '#src/db/client.ts';
import type { LoanRow } from '#src/db/schema/loans.ts';
import type { LoanDeps } from './loan-rows.ts';

/**
 * What other features do when a payment is applied to a loan (its deposit activating it, or a
 * repayment), in the same transaction, with the amount the loan took (beyond what it owed goes
 * back to the wallet and does not count). Registered under a name: the same name again
 * replaces it, so registering twice is harmless (decision 008).
 */
export type LoanPaymentRule = (
  tx: Tx,
  deps: LoanDeps,
  loan: LoanRow,
  payment: { id: string; amount: number },
) => Promise<void>;

const rules = new Map<string, LoanPaymentRule>();

export function onLoanPaymentApplied(name: string, rule: LoanPaymentRule): void {
  rules.set(name, rule);
}

export async function loanPaymentApplied(
  tx: Tx,
  deps: LoanDeps,
  loan: LoanRow,
  payment: { id: string; amount: number },
) {
  for (const rule of rules.values()) await rule(tx, deps, loan, payment);
}
