import { z } from 'zod';
import { uuidSchema } from './ids.ts';

/** At most this many loans are written off in one request. */
export const WRITE_OFF_LIMIT = 2_000;

const reasonSchema = z
  .string({ error: 'Say why the loan is written off' })
  .trim()
  .min(3, 'Say why the loan is written off')
  .max(300, 'The reason is limited to 300 characters');

export const writeOffInputSchema = z.strictObject({ reason: reasonSchema });
export type WriteOffInput = z.infer<typeof writeOffInputSchema>;

export const bulkWriteOffInputSchema = z.strictObject({
  loanIds: z
    .array(uuidSchema('loan id'), { error: 'Choose the loans to write off' })
    .min(1, 'Choose the loans to write off')
    .max(WRITE_OFF_LIMIT, `At most ${WRITE_OFF_LIMIT.toLocaleString('en')} loans can be written off at once`),
  reason: reasonSchema,
});
export type BulkWriteOffInput = z.infer<typeof bulkWriteOffInputSchema>;

/** A defaulted loan that has been in default long enough to be written off. */
export const writeOffCandidateSchema = z.object({
  id: z.string(),
  number: z.string(),
  customerName: z.string(),
  productName: z.string(),
  defaultedAt: z.string(),
  daysSinceDefault: z.number().int(),
  owed: z.number().int(),
});
export type WriteOffCandidate = z.infer<typeof writeOffCandidateSchema>;

export const writeOffPreviewSchema = z.object({
  writeOffAfterDays: z.number().int(),
  policyVersion: z.number().int(),
  loans: z.array(writeOffCandidateSchema),
  count: z.number().int(),
  totalOwed: z.number().int(),
});
export type WriteOffPreview = z.infer<typeof writeOffPreviewSchema>;

/** What a bulk write-off did: loans that no longer qualified (paid, already written off) are skipped. */
export const bulkWriteOffResultSchema = z.object({
  writtenOff: z.number().int(),
  totalWrittenOff: z.number().int(),
  skipped: z.array(z.string()),
});
export type BulkWriteOffResult = z.infer<typeof bulkWriteOffResultSchema>;
