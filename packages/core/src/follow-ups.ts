/** Following up past-due loans: what an agent or admin records, and the follow-up as listed. */
import { z } from 'zod';
import { FOLLOW_UP_OUTCOMES, FOLLOW_UP_REASONS } from './collections.ts';
import { uuidSchema } from './ids.ts';

/** The days a device fault found on a follow-up pauses the loan for, unless the outcome says. */
export const FAULT_PAUSE_DAYS = 14;

/**
 * An outcome with a note; a promise to pay names a date and an amount above zero, nothing else
 * does; a device fault may say how many days to pause the loan for (FAULT_PAUSE_DAYS if not).
 */
export const followUpOutcomeRequestSchema = z
  .strictObject({
    outcome: z.enum(FOLLOW_UP_OUTCOMES, { error: 'Choose what happened' }),
    note: z.string().trim().max(1000, 'Keep the note under 1,000 characters').optional(),
    promiseDate: z.iso.date({ error: 'Give the promised date as YYYY-MM-DD' }).optional(),
    promiseAmount: z
      .number({ error: 'The promised amount must be a number' })
      .int('The promised amount must be whole shillings')
      .min(1, 'The promised amount must be more than zero')
      .max(100_000_000)
      .optional(),
    pauseDays: z
      .number({ error: 'The days to pause must be a number' })
      .int('Enter a whole number of days')
      .min(1, 'Pause for at least one day')
      .max(90, 'A pause is at most 90 days')
      .optional(),
  })
  .refine((r) => r.outcome !== 'promise_to_pay' || (r.promiseDate !== undefined && r.promiseAmount !== undefined), {
    message: 'A promise to pay needs the date and the amount promised',
    path: ['promiseAmount'],
  })
  .refine((r) => r.outcome === 'promise_to_pay' || (r.promiseDate === undefined && r.promiseAmount === undefined), {
    message: 'Only a promise to pay has a date and an amount',
    path: ['outcome'],
  })
  .refine((r) => r.outcome === 'device_fault' || r.pauseDays === undefined, {
    message: 'Only a device fault pauses the loan',
    path: ['pauseDays'],
  });
export type FollowUpOutcomeRequest = z.infer<typeof followUpOutcomeRequestSchema>;

/** A promise to pay: still to come, kept (the amount paid since) or broken (the day passed without it). */
export const PROMISE_STATUSES = ['pending', 'kept', 'broken'] as const;
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];

export const followUpSchema = z.object({
  id: z.uuid(),
  loanId: z.uuid(),
  loanNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  productName: z.string(),
  reason: z.enum(FOLLOW_UP_REASONS),
  openedOn: z.string(),
  daysPastDue: z.number().int(),
  /** The instalments fallen due before today (in Kampala) and not paid, in UGX. */
  amountInArrears: z.number().int(),
  /** The due date of the oldest of them; null once they are paid. */
  dueSince: z.string().nullable(),
  /** All the loan still owes, the most a promise to pay may name. */
  amountOwed: z.number().int(),
  loanStatus: z.string(),
  assignedTo: z.string().nullable(),
  assigneeName: z.string().nullable(),
  outcome: z.enum(FOLLOW_UP_OUTCOMES).nullable(),
  promiseDate: z.string().nullable(),
  promiseAmount: z.number().int().nullable(),
  note: z.string().nullable(),
  /** The loan's follow-up closed before this one: what came of it, and whether its promise was broken. */
  previous: z
    .object({
      outcome: z.enum(FOLLOW_UP_OUTCOMES),
      promiseDate: z.string().nullable(),
      promiseAmount: z.number().int().nullable(),
      promiseBroken: z.boolean(),
      recordedOn: z.string().nullable(),
    })
    .nullable(),
  /** What was last recorded on this loan's follow-ups (this one's own once it has an outcome). */
  lastOutcome: z.enum(FOLLOW_UP_OUTCOMES).nullable(),
  lastPromise: z.object({ date: z.string(), amount: z.number().int(), status: z.enum(PROMISE_STATUSES) }).nullable(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

/**
 * Which follow-ups admins list: open (no outcome yet), promised (a promise to pay still to come
 * or kept) or broken (a promise whose day passed without the amount).
 */
export const FOLLOW_UP_LISTS = ['open', 'promised', 'broken'] as const;
export type FollowUpList = (typeof FOLLOW_UP_LISTS)[number];

/** Admins' filter: which list, and one agent's follow-ups or those no agent has (`none`). */
export const followUpFiltersSchema = z.object({
  assignee: z.string().min(1).max(64).optional(),
  status: z.enum(FOLLOW_UP_LISTS, { error: 'Choose open, promised or broken' }).default('open'),
});

/** Hands an open follow-up to another agent, or to the admins (`null`). */
export const assignFollowUpSchema = z.strictObject({
  agentId: uuidSchema('agent id').nullable(),
});
export type AssignFollowUp = z.infer<typeof assignFollowUpSchema>;
