/**
 * What happens to a loan after arrears, as the data records it: follow-ups with their outcomes,
 * repossessions, schedule changes, device swaps. The rules that drive them are the credit
 * policy (credit-policy.ts); the schedule arithmetic is credit-restructure.ts.
 */

/**
 * A unit's life: in stock, on a loan, unlocked for good when paid off; returned (recovered or
 * swapped out, to be checked) and refurbishing (being repaired before it goes back in stock).
 */
export const DEVICE_STATUSES = ['in_stock', 'assigned', 'unlocked', 'returned', 'refurbishing'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** Why a follow-up was raised: a loan fell past due, or a promise to pay was broken. */
export const FOLLOW_UP_REASONS = ['arrears', 'broken_promise'] as const;
export type FollowUpReason = (typeof FOLLOW_UP_REASONS)[number];

/** What the agent (or an admin) found when following a loan up. */
export const FOLLOW_UP_OUTCOMES = [
  'reached',
  'promise_to_pay',
  'unreachable',
  'refuses',
  'device_fault',
  'recommend_repossession',
] as const;
export type FollowUpOutcome = (typeof FOLLOW_UP_OUTCOMES)[number];

export const REPOSSESSION_STATUSES = ['started', 'recovered', 'failed'] as const;
export type RepossessionStatus = (typeof REPOSSESSION_STATUSES)[number];

/** The state of a recovered unit, which decides whether it goes back on sale as returned or for refurbishing. */
export const UNIT_CONDITIONS = ['good', 'damaged', 'faulty', 'incomplete'] as const;
export type UnitCondition = (typeof UNIT_CONDITIONS)[number];

/** Changes to a running loan, each keeping the schedule as it was before. */
export const SCHEDULE_CHANGE_KINDS = ['extension', 'pause', 'late_fee', 'early_payoff', 'device_swap'] as const;
export type ScheduleChangeKind = (typeof SCHEDULE_CHANGE_KINDS)[number];

export const SWAP_REASONS = ['fault', 'upgrade', 'other'] as const;
export type SwapReason = (typeof SWAP_REASONS)[number];

/** Arrears buckets of the portfolio: current, then PAR 1, 30, 60 and 90 (days past due at least). */
export const ARREARS_BUCKETS = ['current', 'par1', 'par30', 'par60', 'par90'] as const;
export type ArrearsBucket = (typeof ARREARS_BUCKETS)[number];

export function arrearsBucket(daysPastDue: number): ArrearsBucket {
  if (daysPastDue >= 90) return 'par90';
  if (daysPastDue >= 60) return 'par60';
  if (daysPastDue >= 30) return 'par30';
  return daysPastDue >= 1 ? 'par1' : 'current';
}
