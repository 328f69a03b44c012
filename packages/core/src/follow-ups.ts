/** Following up past-due loans: what an agent or admin records, and the follow-up as listed. */
import { z } from 'zod';
import { FOLLOW_UP_OUTCOMES, FOLLOW_UP_REASONS } from './collections.ts';

/** An outcome with a note; a promise to pay names a date and an amount above zero, nothing else does. */
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
  })
  .refine((r) => r.outcome !== 'promise_to_pay' || (r.promiseDate !== undefined && r.promiseAmount !== undefined), {
    message: 'A promise to pay needs the date and the amount promised',
    path: ['promiseAmount'],
  })
  .refine((r) => r.outcome === 'promise_to_pay' || (r.promiseDate === undefined && r.promiseAmount === undefined), {
    message: 'Only a promise to pay has a date and an amount',
    path: ['outcome'],
  });
export type FollowUpOutcomeRequest = z.infer<typeof followUpOutcomeRequestSchema>;

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
});
export type FollowUp = z.infer<typeof followUpSchema>;

/** Admins' filter: one agent's follow-ups, or those no agent has (`none`). */
export const followUpFiltersSchema = z.object({
  assignee: z.string().min(1).max(64).optional(),
});
