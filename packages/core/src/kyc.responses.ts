import { z } from 'zod';
import { actorSchema } from './audit.ts';
import { KYC_STATUSES, kycDocumentSchema, kycEventSchema, kycSchema } from './kyc.ts';

/** One check in the review queue (or another status's list), with whose account it is. */
export const adminKycSummarySchema = z.object({
  userId: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  legalName: z.string().nullable(),
  district: z.string().nullable(),
  idType: z.enum(['national_id', 'alien_id']).nullable(),
  status: z.enum(KYC_STATUSES),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type AdminKycSummary = z.infer<typeof adminKycSummarySchema>;

/** An account as the review page names it. */
export const kycPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type KycPerson = z.infer<typeof kycPersonSchema>;

/**
 * One customer's check as a reviewer sees it: the check with who uploaded each document and who
 * took each step, its account, and other accounts with the same ID number.
 */
export const adminKycSchema = kycSchema.extend({
  documents: z.array(
    kycDocumentSchema.extend({
      uploadedBy: actorSchema.describe('The customer, or the agent who uploaded it for them'),
    }),
  ),
  history: z.array(kycEventSchema.extend({ by: actorSchema.describe('Who submitted, or the admin who decided') })),
  account: kycPersonSchema.nullable(),
  sameIdNumber: z.array(kycPersonSchema),
});
export type AdminKyc = z.infer<typeof adminKycSchema>;
