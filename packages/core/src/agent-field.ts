import { z } from 'zod';
import { clientKeySchema } from './agent-money.ts';
import { kycAddressSchema } from './kyc.ts';
import { portfolioLoanSchema } from './loans.ts';
import { orderSummarySchema } from './orders.ts';
import { mobileNumberSchema } from './payments.ts';

/** The agent's field work: customers registered in the village, visits, notes and promises to pay. */

export { LANGUAGES, type Language } from './languages.ts';
import { LANGUAGES } from './languages.ts';

/**
 * A customer registered by the agent. Made on the phone (offline too) with its own key; the
 * server texts the customer a code, and the customer reading it back makes the account.
 */
export const leadRequestSchema = z.strictObject({
  clientKey: clientKeySchema,
  fullName: z.string().trim().min(2, 'Enter the customer’s full name').max(100),
  phoneNumber: mobileNumberSchema,
  ...kycAddressSchema.shape,
  preferredLanguage: z.enum(LANGUAGES),
  nationalId: z.string().trim().max(20).optional(),
  recordedAt: z.iso.datetime({ offset: true }),
});
export type LeadRequest = z.infer<typeof leadRequestSchema>;

export const LEAD_STATUSES = ['waiting_code', 'registered', 'existing_customer'] as const;

export const leadSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  phone: z.string(),
  district: z.string(),
  subCounty: z.string(),
  village: z.string(),
  status: z.enum(LEAD_STATUSES),
  customerId: z.string().nullable(),
  codeExpiresAt: z.string().nullable(),
  recordedAt: z.string(),
  testModeCode: z
    .string()
    .optional()
    .describe('Test mode only (no SMS provider, outside production): the code that was texted'),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadConfirmSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/** A visit or call, with an optional promise to pay (an amount by a date). */
export const visitNoteRequestSchema = z
  .strictObject({
    clientKey: clientKeySchema,
    customerId: z.string().min(1).max(64),
    loanId: z.uuid().optional(),
    note: z.string().trim().min(1, 'Write what happened').max(1000),
    promiseDate: z.iso.date().optional(),
    promiseAmount: z.number().int().min(1).max(100_000_000).optional(),
    recordedAt: z.iso.datetime({ offset: true }),
  })
  .refine((r) => (r.promiseDate === undefined) === (r.promiseAmount === undefined), {
    message: 'A promise to pay has both an amount and a date',
    path: ['promiseAmount'],
  });
export type VisitNoteRequest = z.infer<typeof visitNoteRequestSchema>;

export const visitNoteSchema = z.object({
  id: z.uuid(),
  customerId: z.string(),
  loanId: z.uuid().nullable(),
  note: z.string(),
  promiseDate: z.string().nullable(),
  promiseAmount: z.number().int().nullable(),
  agentName: z.string(),
  recordedAt: z.string(),
});
export type VisitNote = z.infer<typeof visitNoteSchema>;

/** A customer to visit: a loan in arrears, oldest arrears first. */
export const visitSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  phone: z.string().nullable(),
  village: z.string().nullable(),
  subCounty: z.string().nullable(),
  loanId: z.uuid(),
  loanNumber: z.string(),
  productName: z.string(),
  daysPastDue: z.number().int(),
  amountOverdue: z.number().int(),
  lastNote: visitNoteSchema.nullable(),
});
export type Visit = z.infer<typeof visitSchema>;
export const visitListSchema = z.object({ items: z.array(visitSchema) });

/** One customer the agent serves, whole: who and where they are, their identity check, loans, orders and the notes of visits. */
export const agentCustomerDetailSchema = z.object({
  customer: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    district: z.string().nullable(),
    subCounty: z.string().nullable(),
    village: z.string().nullable(),
    preferredLanguage: z.enum(LANGUAGES),
    /** What they type as the account when they pay by paybill (MTN *165#, Airtel *185#). */
    accountNumber: z.string().nullable(),
    kycStatus: z.string(),
    consentActive: z.boolean(),
    consentExpiresAt: z.string().nullable(),
  }),
  loans: z.array(portfolioLoanSchema),
  orders: z.array(orderSummarySchema),
  notes: z.array(visitNoteSchema),
});
export type AgentCustomerDetail = z.infer<typeof agentCustomerDetailSchema>;
