import { formatUgx } from '@ecogrid/core';
import { daysBetween } from '@ecogrid/core/credit';
import { quoteExtension, type ScheduleLine } from '@ecogrid/core/credit-restructure';
import type { CreditPolicy } from '@ecogrid/core/credit-policy';
import { loanNumber, type Loan } from '@ecogrid/core/loans';
import type { ExtensionQuoteView } from '@ecogrid/core/restructure';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loanRepayments, loans, type LoanRow } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { creditPolicyInForce } from '#src/features/credit/credit-policy.service.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { findLoan, loanEvent, lockLoan, type LoanDeps } from './loan-rows.ts';
import { loanView } from './loan-views.ts';
import { assertRunning, quoteChanged, quoteDigest, recordScheduleChange, scheduleOf } from './schedule-changes.ts';

function checkLength(instalments: number, policy: CreditPolicy): void {
  const most = policy.rules.maxExtensionInstalments;
  if (instalments < 1 || instalments > most) {
    throw new AppError(
      'extension_not_allowed',
      most < 1
        ? 'Loans cannot be extended under the current credit policy.'
        : `An extension adds from 1 to ${most} instalments.`,
      422,
    );
  }
}

/** The extension's quote for a loan as it stands, with the digest that accepting it sends back. */
function extensionQuote(loan: LoanRow, lines: ScheduleLine[], instalments: number, policy: CreditPolicy) {
  assertRunning(loan);
  checkLength(instalments, policy);
  const quote = quoteExtension(lines, loan.frequency, instalments, policy.rules.extensionFeePerInstalment);
  const totalBefore = loan.creditPrice + loan.fees;
  const terms = {
    loanId: loan.id,
    instalments,
    schedule: quote.schedule,
    owedBefore: quote.owedBefore,
    fee: quote.fee,
    owedAfter: quote.owedAfter,
    instalment: quote.instalment,
    lastInstalment: quote.lastInstalment,
    totalBefore,
    totalAfter: totalBefore + quote.fee,
    policyVersion: policy.version,
  };
  return { ...terms, quote: quoteDigest({ kind: 'extension', ...terms }) } satisfies ExtensionQuoteView;
}

/** What adding `instalments` to the loan would do (changes nothing). */
export async function quoteLoanExtension(
  db: Database,
  input: { loanId: string; userId: string | null; instalments: number },
): Promise<ExtensionQuoteView> {
  const loan = await findLoan(db, input.loanId, input.userId);
  assertRunning(loan);
  return extensionQuote(loan, await scheduleOf(db, loan.id), input.instalments, await creditPolicyInForce(db));
}

/**
 * Applies an accepted extension: the quote is worked out again under the loan's lock and must be
 * the one accepted. The unpaid instalments take their new amounts and the added ones are inserted;
 * the policy's fee is added to what is owed (receivable:loans to income:loan-fees, keyed by the
 * change) in the same transaction; the daily rate is spread over the longer term so the days the
 * payments buy reach the new last due date.
 */
export async function extendLoan(
  deps: LoanDeps,
  input: {
    loanId: string;
    userId: string | null;
    actorId: string;
    instalments: number;
    quote: string;
    idempotencyKey: string;
  },
): Promise<Loan> {
  return deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, input.userId);
    const policy = await creditPolicyInForce(tx);
    const before = await scheduleOf(tx, loan.id);
    const quote = extensionQuote(loan, before, input.instalments, policy);
    if (quote.quote !== input.quote) throw quoteChanged();
    await rewriteOpenLines(tx, loan, before, quote.schedule);
    const last = quote.schedule[quote.schedule.length - 1]!;
    const financed = quote.totalAfter - loan.deposit;
    const days = Math.max(1, daysBetween(loan.startDate!, last.dueDate));
    const [updated] = await tx
      .update(loans)
      .set({
        fees: loan.fees + quote.fee,
        instalments: quote.schedule.length,
        instalment: quote.instalment,
        lastInstalment: quote.lastInstalment,
        dailyRate: Math.max(1, Math.ceil(financed / days)),
        updatedAt: new Date(),
      })
      .where(eq(loans.id, loan.id))
      .returning();
    const number = loanNumber(loan.seq);
    const key = `loan:${loan.id}:extension:${input.idempotencyKey}`;
    if (quote.fee > 0) {
      await postJournal(tx, {
        idempotencyKey: key,
        kind: 'loan_fee',
        description: `Extension fee on loan ${number}: ${input.instalments} more instalments`,
        postings: [
          { account: HOUSE_ACCOUNTS.loansReceivable, amount: -quote.fee },
          { account: HOUSE_ACCOUNTS.loanFees, amount: quote.fee },
        ],
      });
    }
    await recordScheduleChange(tx, {
      loanId: loan.id,
      kind: 'extension',
      before,
      after: quote.schedule,
      fee: quote.fee,
      policyVersion: policy.version,
      actorId: input.actorId,
      idempotencyKey: key,
    });
    if (input.actorId !== loan.userId) {
      await recordAudit(tx, {
        actorId: input.actorId,
        action: 'loan.extension',
        entityType: 'loan',
        entityId: loan.id,
        details: { number, instalments: input.instalments, fee: quote.fee, policyVersion: policy.version },
      });
    }
    await sendNotification(tx, deps, {
      userId: loan.userId,
      type: 'loan_update',
      text: {
        key: quote.fee > 0 ? 'loan-notices:extended' : 'loan-notices:extendedFree',
        values: {
          loan: number,
          added: input.instalments,
          fee: formatUgx(quote.fee),
          instalments: quote.schedule.length,
          amount: formatUgx(quote.instalment),
          day: { day: last.dueDate },
          total: formatUgx(quote.totalAfter),
        },
      },
      data: { loanId: loan.id },
      sms: true,
    });
    await loanEvent(tx, deps, updated!);
    return loanView(tx, updated!);
  });
}

/** The open instalments take their new amounts (keeping what was paid, their late fee and reminders); added ones are inserted. */
async function rewriteOpenLines(tx: Tx, loan: LoanRow, before: ScheduleLine[], after: ScheduleLine[]) {
  const existing = new Map(before.map((line) => [line.number, line]));
  for (const line of after) {
    const was = existing.get(line.number);
    if (was && was.amountDue === line.amountDue && was.dueDate === line.dueDate) continue;
    const status = line.amountPaid === line.amountDue ? 'paid' : line.amountPaid > 0 ? 'partly_paid' : 'due';
    if (was) {
      await tx
        .update(loanRepayments)
        .set({ amountDue: line.amountDue, dueDate: line.dueDate, status })
        .where(and(eq(loanRepayments.loanId, loan.id), eq(loanRepayments.number, line.number)));
    } else {
      await tx.insert(loanRepayments).values({
        loanId: loan.id,
        userId: loan.userId,
        number: line.number,
        dueDate: line.dueDate,
        amountDue: line.amountDue,
        amountPaid: line.amountPaid,
        status,
      });
    }
  }
}
