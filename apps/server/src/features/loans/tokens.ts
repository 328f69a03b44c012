import { loanNumber } from '@ecogrid/core/loans';
import { MAX_ACTIVATION_VALUE } from '@ecogrid/core/openpaygo';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { devices, loans, type LoanRow } from '#src/db/schema/loans.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import type { CatalogueText } from '#src/platform/i18n.ts';
import { issueToken } from './devices.service.ts';
import type { LoanDeps } from './loan-rows.ts';

/**
 * Sends the loan's device what it is owed, if it has a device: the days bought and not yet sent
 * (an ADD_TIME token of at most 995 units of the device's time divider; the rest follows with the
 * next), or, once paid off,
 * the DISABLE_PAYG token that unlocks it for good. Each token is texted to the customer, unless
 * `text` is false: cash taken by an agent, whose receipt (texted to the customer) carries the token.
 */
export async function sendTokens(tx: Tx, deps: LoanDeps, loan: LoanRow, reason: string, text = true) {
  if (!loan.deviceId) return;
  if (!deps.deviceKeys) throw new Error('Issuing a device token needs the device-key box');
  const [device] = await tx
    .select({ status: devices.status, timeDivider: devices.timeDivider })
    .from(devices)
    .where(eq(devices.id, loan.deviceId))
    .for('update');
  // Unlocked for good already (an admin issued the unlock by hand): it takes no more tokens, and
  // a repayment must not fail for that.
  if (!device || device.status === 'unlocked') return;
  const number = loanNumber(loan.seq);
  let words: CatalogueText;
  if (loan.status === 'completed') {
    const made = await issueToken(tx, deps.deviceKeys, loan.deviceId, {
      type: 'DISABLE_PAYG',
      reference: `loan:${loan.id}:unlock`,
      issuedBy: 'loan',
    });
    if (made.replayed) return;
    words = { key: 'notifications:loan.unlockToken', values: { loan: number, token: spaced(made.token) } };
  } else {
    // A token carries at most 995 units of days × the device's time divider.
    const days = Math.min(loan.daysBought - loan.daysIssued, Math.floor(MAX_ACTIVATION_VALUE / device.timeDivider));
    if (days <= 0) return;
    const made = await issueToken(tx, deps.deviceKeys, loan.deviceId, {
      type: 'ADD_TIME',
      days,
      reference: `loan:${loan.id}:${reason}`,
      issuedBy: 'loan',
    });
    if (made.replayed) return;
    await tx
      .update(loans)
      .set({ daysIssued: sql`${loans.daysIssued} + ${days}` })
      .where(eq(loans.id, loan.id));
    words = { key: 'notifications:loan.timeToken', values: { loan: number, token: spaced(made.token), count: days } };
  }
  await sendNotification(tx, deps, {
    userId: loan.userId,
    type: 'loan_update',
    text: words,
    data: { loanId: loan.id },
    // The token is typed into the device to keep it working.
    sms: text,
  });
}

/** A token read out in threes: 123 456 789. */
export const spaced = (token: string) => token.replace(/(\d{3})(?=\d)/g, '$1 ');
