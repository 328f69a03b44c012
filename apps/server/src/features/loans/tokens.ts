import { loanNumber } from '@ecogrid/core/loans';
import { smsText } from '@ecogrid/core/notifications';
import { MAX_ACTIVATION_VALUE } from '@ecogrid/core/openpaygo';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { devices, deviceTokens, loans, type LoanRow } from '#src/db/schema/loans.ts';
import { noticeWords, sendNotification } from '#src/features/notifications/notifications.service.ts';
import { deliveryContactsOf } from '#src/features/auth/profile.service.ts';
import type { CatalogueText } from '#src/platform/i18n.ts';
import { issueToken, type IssuedToken } from './devices.service.ts';
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
  let made: IssuedToken;
  if (loan.status === 'completed') {
    made = await issueToken(tx, deps.deviceKeys, loan.deviceId, {
      type: 'DISABLE_PAYG',
      reference: `loan:${loan.id}:unlock`,
      issuedBy: 'loan',
    });
    if (made.replayed) return;
  } else {
    // A token carries at most 995 units of days × the device's time divider.
    const days = Math.min(loan.daysBought - loan.daysIssued, Math.floor(MAX_ACTIVATION_VALUE / device.timeDivider));
    if (days <= 0) return;
    made = await issueToken(tx, deps.deviceKeys, loan.deviceId, {
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
  }
  await sendNotification(tx, deps, {
    userId: loan.userId,
    type: 'loan_update',
    text: tokenWords(number, made),
    data: { loanId: loan.id },
    // The token is typed into the device to keep it working.
    sms: text,
    // The SMS text is dropped once sent: this says which token to write it from again.
    smsPurpose: { purpose: 'token', reference: tokenReference(loan.id, made) },
  });
}

/** A token's notice: the unlock for good, or the days it adds. */
export function tokenWords(number: string, made: Pick<IssuedToken, 'type' | 'token' | 'days'>): CatalogueText {
  if (made.type === 'DISABLE_PAYG') {
    return { key: 'notifications:loan.unlockToken', values: { loan: number, token: spaced(made.token) } };
  }
  return {
    key: 'notifications:loan.timeToken',
    values: { loan: number, token: spaced(made.token), count: made.days ?? 0 },
  };
}

/** Which token an SMS carried: the loan, the device and the count the token moved it to. */
const tokenReference = (loanId: string, made: Pick<IssuedToken, 'deviceId' | 'count'>) =>
  `${loanId}/${made.deviceId}/${made.count}`;

/**
 * A token SMS written again from the token record (its text is dropped once sent): for a retry
 * after a failed delivery, or an admin's resend. Null when the reference names no token.
 */
export async function rebuildTokenText(db: Database | Tx, reference: string): Promise<string | null> {
  const [loanId, deviceId, count] = reference.split('/');
  if (!loanId || !deviceId || !/^\d+$/.test(count ?? '')) return null;
  const [row] = await db
    .select({
      seq: loans.seq,
      type: deviceTokens.type,
      token: deviceTokens.token,
      days: deviceTokens.days,
      userId: loans.userId,
    })
    .from(deviceTokens)
    .innerJoin(loans, eq(loans.id, loanId))
    .where(and(eq(deviceTokens.deviceId, deviceId), eq(deviceTokens.count, Number(count))));
  if (!row) return null;
  // As the notification's SMS put it, in the customer's language: its title, then its message.
  const language = (await deliveryContactsOf(db, [row.userId])).get(row.userId)?.language;
  const { title, message } = noticeWords({ text: tokenWords(loanNumber(row.seq), row) }, language);
  return smsText(title, message);
}

/** A token read out in threes: 123 456 789. */
export const spaced = (token: string) => token.replace(/(\d{3})(?=\d)/g, '$1 ');
