import type { CreditPolicy, FollowOnOffer } from '@ecogrid/core/credit-policy';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { loans } from '#src/db/schema/loans.ts';
import { creditPolicyInForce } from '#src/features/credit/credit-policy.service.ts';
import { customerScore } from './credit-check.ts';

/**
 * A follow-on loan for a customer who paid off every loan they started (at least one) with at
 * least the policy's on-time share of instalments: the policy's lower deposit on any plan.
 * Applications refused or withdrawn do not count either way.
 */
export async function followOnOffer(db: Database | Tx, userId: string, policy: CreditPolicy, now: Date) {
  const statuses = await db.select({ status: loans.status }).from(loans).where(eq(loans.userId, userId));
  const started = statuses.filter((l) => l.status !== 'cancelled');
  const none: FollowOnOffer = { eligible: false, depositBp: null };
  if (started.length === 0 || started.some((l) => l.status !== 'completed')) return none;
  const score = await customerScore(db, userId, now);
  if (score.due === 0 || score.onTime * 10_000 < score.due * policy.rules.followOnMinOnTimeBp) return none;
  return { eligible: true, depositBp: policy.rules.followOnDepositBp } satisfies FollowOnOffer;
}

/** The follow-on offer under the policy in force now. */
export async function customerFollowOn(db: Database | Tx, userId: string): Promise<FollowOnOffer> {
  return followOnOffer(db, userId, await creditPolicyInForce(db), new Date());
}
