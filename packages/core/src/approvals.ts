import { z } from 'zod';
import { personSchema } from './audit.ts';

/**
 * Four eyes (decision 020): a refund or write-off above the threshold waits for a second staff
 * member. `refund` refunds a mobile-money top-up; `write_off` writes off one loan; `write_offs`
 * a chosen set of loans at once.
 */
export const APPROVAL_KINDS = ['refund', 'write_off', 'write_offs'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  subjectId: z.string().describe('The payment refunded, or the (first) loan written off'),
  subjectLabel: z.string().describe('What it is about, as people say it: a payment reference or loan numbers'),
  amount: z.number().int().describe('UGX that would move'),
  reason: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  requestedBy: personSchema,
  decidedBy: personSchema.nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalThresholdSchema = z.object({
  amount: z.number().int().describe('Refunds and write-offs above this many UGX need a second staff member'),
});

export const setApprovalThresholdSchema = z.strictObject({
  amount: z
    .number({ error: 'Give the amount in whole shillings' })
    .int('Give the amount in whole shillings')
    .min(0, 'The amount cannot be negative')
    .max(1_000_000_000, 'At most UGX 1,000,000,000'),
});

export const declineApprovalSchema = z.strictObject({
  note: z.string().trim().min(3, 'Say why (at least 3 characters)').max(300, 'At most 300 characters'),
});
