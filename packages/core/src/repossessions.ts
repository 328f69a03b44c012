import { z } from 'zod';
import { REPOSSESSION_STATUSES, UNIT_CONDITIONS } from './collections.ts';
import { uuidSchema } from './ids.ts';

const text = (what: string) => z.string({ error: what }).trim().min(3, what).max(300, 'At most 300 characters');

/** An admin starts a repossession of a defaulted loan; the agent defaults to the loan's own. */
export const startRepossessionSchema = z.strictObject({
  reason: text('Say why the unit is taken back'),
  agentId: uuidSchema('agent id').optional(),
});
export type StartRepossession = z.infer<typeof startRepossessionSchema>;

const note = z.string().trim().max(1000, 'Keep the note under 1,000 characters').optional();

/** The agent's attempt: the unit recovered in a condition, or not, with the reason; a note with either. */
export const repossessionAttemptSchema = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({ outcome: z.literal('recovered'), condition: z.enum(UNIT_CONDITIONS), note }),
    z.strictObject({ outcome: z.literal('failed'), reason: text('Say why the unit was not recovered'), note }),
  ],
  { error: 'Say whether the unit was recovered or not' },
);
export type RepossessionAttempt = z.infer<typeof repossessionAttemptSchema>;

export const repossessionSchema = z.object({
  id: z.string(),
  loanId: z.string(),
  loanNumber: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  /** Where the customer lives, as their profile gives it. */
  village: z.string().nullable(),
  subCounty: z.string().nullable(),
  district: z.string().nullable(),
  productName: z.string(),
  deviceSerial: z.string().nullable(),
  /** What the loan still owes, in UGX (nothing once it closes as repossessed). */
  amountOwed: z.number().int(),
  status: z.enum(REPOSSESSION_STATUSES),
  reason: z.string(),
  agentName: z.string().nullable(),
  condition: z.enum(UNIT_CONDITIONS).nullable(),
  failureReason: z.string().nullable(),
  attemptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Repossession = z.infer<typeof repossessionSchema>;

/** Admins' list of repossessions under way, a page at a time, newest first. */
export const repossessionPageQuerySchema = z.object({
  limit: z.coerce.number({ error: 'The limit must be a number' }).int().min(1).max(100).default(50),
  cursor: z.string().max(300).optional(),
});
