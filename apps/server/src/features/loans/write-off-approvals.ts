import { createHash } from 'node:crypto';
import type { Approval } from '@ecogrid/core/approvals';
import { loanNumber } from '@ecogrid/core/loans';
import type { BulkWriteOffResult } from '@ecogrid/core/write-offs';
import { and, eq, inArray } from 'drizzle-orm';
import { loans } from '#src/db/schema/loans.ts';
import { notFound } from '#src/platform/errors.ts';
import { fourEyesThreshold, requestApproval } from '#src/features/approvals/approvals.service.ts';
import { creditPolicyInForce } from '#src/features/credit/credit-policy.service.ts';
import { amountOwed, type LoanDeps } from './loan-rows.ts';
import { notDefaulted, qualifies, writeOffLoan, writeOffLoans } from './write-offs.ts';

type Input = { actorId: string; reason: string };

/**
 * One loan written off, or, when it owes more than the four-eyes threshold, a request that waits
 * for a second staff member (decision 020) with nothing written off yet.
 */
export async function writeOffOrAsk(
  deps: LoanDeps,
  input: Input & { loanId: string },
): Promise<{ amount: number } | { approval: Approval }> {
  const [loan] = await deps.db.select().from(loans).where(eq(loans.id, input.loanId));
  if (!loan) throw notFound('No loan has this id.');
  if (loan.status !== 'defaulted') throw notDefaulted(loan);
  const owed = amountOwed(loan);
  if (owed <= (await fourEyesThreshold(deps.db))) return writeOffLoan(deps, input);
  const approval = await deps.db.transaction((tx) =>
    requestApproval(tx, deps, {
      kind: 'write_off',
      subjectId: loan.id,
      subjectLabel: `Write-off of loan ${loanNumber(loan.seq)}`,
      amount: owed,
      reason: input.reason,
      payload: { loanId: loan.id },
      requestedBy: input.actorId,
    }),
  );
  return { approval };
}

/** The chosen loans written off, or, when together they owe more than the threshold, one request to approve. */
export async function writeOffManyOrAsk(
  deps: LoanDeps,
  input: Input & { loanIds: string[] },
): Promise<BulkWriteOffResult | { approval: Approval }> {
  const ids = [...new Set(input.loanIds)].sort();
  const { rules } = await creditPolicyInForce(deps.db);
  const rows = await deps.db
    .select()
    .from(loans)
    .where(and(inArray(loans.id, ids), qualifies(rules.writeOffAfterDays)));
  const owed = rows.reduce((sum, loan) => sum + amountOwed(loan), 0);
  if (owed <= (await fourEyesThreshold(deps.db))) return writeOffLoans(deps, input);
  const approval = await deps.db.transaction((tx) =>
    requestApproval(tx, deps, {
      kind: 'write_offs',
      // The same set of loans asked for twice finds the first request.
      subjectId: createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 32),
      subjectLabel: `Write-off of ${rows.length} loans`,
      amount: owed,
      reason: input.reason,
      payload: { loanIds: ids },
      requestedBy: input.actorId,
    }),
  );
  return { approval };
}
