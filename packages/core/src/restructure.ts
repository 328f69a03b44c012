/**
 * The API's shapes for changing a running loan: an extension quoted then accepted, the early
 * payoff quoted then paid, a pause for a device fault, and the schedule history each leaves.
 */
import { z } from 'zod';
import { SCHEDULE_CHANGE_KINDS } from './collections.ts';
import { paymentChoiceSchema } from './loans.ts';

export const scheduleLineSchema = z.object({
  number: z.number().int(),
  dueDate: z.string(),
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
});
export type ScheduleLineView = z.infer<typeof scheduleLineSchema>;

const quoteDigest = z
  .string({ error: 'Send the quote you were shown' })
  .regex(/^[0-9a-f]{32}$/, 'Send the quote you were shown');

/** How many instalments to add: checked against the policy's longest extension by the server. */
export const extensionInstalmentsSchema = z.coerce
  .number({ error: 'Choose how many instalments to add' })
  .int('Choose a whole number of instalments')
  .min(0, 'Choose how many instalments to add')
  .max(1_000, 'That extension is too long');

export const extensionQuoteQuerySchema = z.object({ instalments: extensionInstalmentsSchema });

export const extensionQuoteSchema = z.object({
  loanId: z.uuid(),
  instalments: z.number().int(),
  /** The schedule after the extension: paid instalments as they were, then the new ones. */
  schedule: z.array(scheduleLineSchema),
  owedBefore: z.number().int(),
  fee: z.number().int(),
  owedAfter: z.number().int(),
  instalment: z.number().int(),
  lastInstalment: z.number().int(),
  /** Everything the loan costs the customer, before and after: credit price plus fees. */
  totalBefore: z.number().int(),
  totalAfter: z.number().int(),
  policyVersion: z.number().int(),
  /** Accepting sends this back: a quote that no longer holds is refused. */
  quote: z.string(),
});
export type ExtensionQuoteView = z.infer<typeof extensionQuoteSchema>;

export const extensionInputSchema = z.strictObject({
  instalments: extensionInstalmentsSchema,
  quote: quoteDigest,
});
export type ExtensionInput = z.infer<typeof extensionInputSchema>;

export const payoffQuoteSchema = z.object({
  loanId: z.uuid(),
  /** Everything still owed today. */
  owed: z.number().int(),
  discount: z.number().int(),
  /** What paying off today costs: owed less the discount. */
  payoff: z.number().int(),
  policyVersion: z.number().int(),
  quote: z.string(),
});
export type PayoffQuoteView = z.infer<typeof payoffQuoteSchema>;

export const payoffInputSchema = z.strictObject({ quote: quoteDigest, payment: paymentChoiceSchema });
export type PayoffInput = z.infer<typeof payoffInputSchema>;

export const pauseInputSchema = z.strictObject({
  days: z
    .number({ error: 'Enter the days to pause' })
    .int('Enter a whole number of days')
    .min(1, 'Pause for at least one day')
    .max(90, 'A pause is at most 90 days'),
  reason: z
    .string({ error: 'Say why the loan is paused' })
    .trim()
    .min(3, 'Say why the loan is paused')
    .max(300, 'The reason is limited to 300 characters'),
});
export type PauseInput = z.infer<typeof pauseInputSchema>;

export const scheduleChangeSchema = z.object({
  id: z.uuid(),
  kind: z.enum(SCHEDULE_CHANGE_KINDS),
  createdAt: z.string(),
  fee: z.number().int(),
  discount: z.number().int(),
  /** What the schedule's lines add up to, before and after. */
  totalBefore: z.number().int(),
  totalAfter: z.number().int(),
  before: z.array(scheduleLineSchema),
  after: z.array(scheduleLineSchema),
  /** Who made it: the customer, an admin by name, or null for the daily run. */
  actorName: z.string().nullable(),
});
export type ScheduleChange = z.infer<typeof scheduleChangeSchema>;

export const scheduleChangesSchema = z.object({
  changes: z.array(scheduleChangeSchema),
  pausedUntil: z.string().nullable(),
});
export type ScheduleChanges = z.infer<typeof scheduleChangesSchema>;
