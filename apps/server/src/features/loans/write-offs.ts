import type { BulkWriteOffResult, WriteOffPreview } from '@ecogrid/core/write-offs';
import { loanNumber } from '@ecogrid/core/loans';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loans, type LoanRow } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import { recordAudits } from '#src/features/audit/audit.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { HOUSE_ACCOUNTS, postJournals } from '#src/features/wallet/ledger.service.ts';
import { creditPolicyInForce } from '#src/features/credit/credit-policy.service.ts';
import { amountOwed, lockLoan, loanEvent, type LoanDeps } from './loan-rows.ts';

/** Journal entries written per statement when many loans close at once. */
const LOSS_BATCH = 250;

/**
 * Closes locked loans as a loss (written off, or repossessed): what each still owes moves from
 * loans receivable to bad-debt expense, one journal entry per loan under its own key (so never
 * twice), and is counted as forgiven. Deposit and instalments paid are kept. Many loans take a
 * few statements, not a few per loan. Returns the amount written off.
 */
export async function closeAsLoss(
  tx: Tx,
  rows: LoanRow[],
  input: { status: 'written_off' | 'repossessed'; actorId: string | null; now: Date },
): Promise<number> {
  const owing = rows.filter((loan) => amountOwed(loan) > 0);
  for (let i = 0; i < owing.length; i += LOSS_BATCH) {
    const entries = owing.slice(i, i + LOSS_BATCH).map((loan) => {
      const owed = amountOwed(loan);
      const number = loanNumber(loan.seq);
      return {
        idempotencyKey: `loan:${loan.id}:loss`,
        kind: 'loan_write_off',
        description:
          input.status === 'repossessed'
            ? `Loan ${number} closed on repossession: the balance written off`
            : `Loan ${number} written off`,
        createdBy: input.actorId,
        postings: [
          { account: HOUSE_ACCOUNTS.loansReceivable, amount: owed },
          { account: HOUSE_ACCOUNTS.badDebt, amount: -owed },
        ],
      };
    });
    await postJournals(tx, entries);
  }
  if (rows.length > 0) {
    await tx
      .update(loans)
      .set({
        status: input.status,
        forgiven: sql`${loans.creditPrice} + ${loans.fees} - ${loans.paid}`,
        closedAt: input.now,
        updatedAt: input.now,
      })
      .where(
        inArray(
          loans.id,
          rows.map((r) => r.id),
        ),
      );
  }
  return rows.reduce((sum, loan) => sum + amountOwed(loan), 0);
}

export const notDefaulted = (loan: LoanRow) =>
  new AppError(
    'loan_not_defaulted',
    `Loan ${loanNumber(loan.seq)} is ${loan.status.replace('_', ' ')}: only a defaulted loan can be written off.`,
    409,
  );

const auditEntry = (input: { actorId: string; reason: string }, loanId: string, details: Record<string, unknown>) => ({
  actorId: input.actorId,
  action: 'loan.write_off' as const,
  entityType: 'loan',
  entityId: loanId,
  reason: input.reason,
  details,
});

/** Writes off one defaulted loan, whatever its days in default, with the admin's reason (audited). */
export async function writeOffLoan(
  deps: LoanDeps,
  input: { loanId: string; actorId: string; reason: string },
  approved?: (tx: Tx) => Promise<void>,
): Promise<{ amount: number }> {
  return deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, null);
    if (loan.status !== 'defaulted') throw notDefaulted(loan);
    await approved?.(tx);
    const amount = await closeAsLoss(tx, [loan], { status: 'written_off', actorId: input.actorId, now: new Date() });
    await recordAudits(tx, [auditEntry(input, loan.id, { amount })]);
    await loanEvent(tx, deps, { ...loan, status: 'written_off' });
    return { amount };
  });
}

export const qualifies = (days: number) =>
  and(eq(loans.status, 'defaulted'), lte(loans.defaultedAt, sql`now() - make_interval(days => ${days})`));

/** The defaulted loans the policy in force lets admins write off, oldest default first, with the totals. */
export async function writeOffPreview(db: Database): Promise<WriteOffPreview> {
  const policy = await creditPolicyInForce(db);
  const days = policy.rules.writeOffAfterDays;
  const rows = await db.select().from(loans).where(qualifies(days)).orderBy(asc(loans.defaultedAt), asc(loans.id));
  const people = await userSummaries(db, [...new Set(rows.map((r) => r.userId))]);
  const now = Date.now();
  const items = rows.map((row) => ({
    id: row.id,
    number: loanNumber(row.seq),
    customerName: people.get(row.userId)?.name ?? '',
    productName: row.productName,
    defaultedAt: row.defaultedAt!.toISOString(),
    daysSinceDefault: Math.floor((now - row.defaultedAt!.getTime()) / 86_400_000),
    owed: amountOwed(row),
  }));
  return {
    writeOffAfterDays: days,
    policyVersion: policy.version,
    loans: items,
    count: items.length,
    totalOwed: items.reduce((sum, l) => sum + l.owed, 0),
  };
}

/**
 * Writes off the chosen loans that still qualify (defaulted for the policy's days), in one
 * transaction: the loans locked, each balance posted to bad debt by its own key, each audited. Loans
 * that no longer qualify (paid up, already written off) are skipped and named, so a repeat of
 * the same request writes off nothing twice.
 */
export async function writeOffLoans(
  deps: LoanDeps,
  input: { loanIds: string[]; actorId: string; reason: string },
  approved?: (tx: Tx) => Promise<void>,
): Promise<BulkWriteOffResult> {
  const ids = [...new Set(input.loanIds)];
  const { rules } = await creditPolicyInForce(deps.db);
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(loans)
      .where(and(inArray(loans.id, ids), qualifies(rules.writeOffAfterDays)))
      .orderBy(asc(loans.id))
      .for('update');
    await approved?.(tx);
    const total = await closeAsLoss(tx, rows, { status: 'written_off', actorId: input.actorId, now: new Date() });
    await recordAudits(
      tx,
      rows.map((loan) => auditEntry(input, loan.id, { amount: amountOwed(loan), bulk: true })),
    );
    await deps.realtime.publishMany(
      tx,
      rows.map((loan) => ({
        userId: loan.userId,
        event: { type: 'loan', data: { id: loan.id, status: 'written_off' } },
      })),
    );
    const done = new Set(rows.map((r) => r.id));
    return { writtenOff: rows.length, totalWrittenOff: total, skipped: ids.filter((id) => !done.has(id)) };
  });
}
