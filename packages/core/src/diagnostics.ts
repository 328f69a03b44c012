import { z } from 'zod';

/**
 * The system checks (/system-testing): what a run found, declared once for the server's routes
 * and the web page.
 */

export const DIAGNOSTIC_CHECKS = [
  'database',
  'jobs',
  'smtp',
  'sms',
  'mtn',
  'airtel',
  'storage',
  'ledger',
  'clock',
  'disk',
  'version',
] as const;
export type DiagnosticCheckName = (typeof DIAGNOSTIC_CHECKS)[number];

/** ok: as it should be; warn: works, but someone should look; fail: broken. */
export const diagnosticStatusSchema = z.enum(['ok', 'warn', 'fail']);
export type DiagnosticStatus = z.infer<typeof diagnosticStatusSchema>;

export const diagnosticResultSchema = z.object({
  check: z.enum(DIAGNOSTIC_CHECKS),
  status: diagnosticStatusSchema,
  message: z.string().describe('What the check found, in a short sentence (English)'),
  durationMs: z.number().int(),
  details: z.record(z.string(), z.unknown()),
});
export type DiagnosticResult = z.infer<typeof diagnosticResultSchema>;

/** A run as the history lists it. */
export const diagnosticRunSummarySchema = z.object({
  id: z.string(),
  trigger: z.enum(['manual', 'schedule']).describe('Run now by an admin, or the hourly run'),
  startedByName: z.string().nullable().describe('The admin who pressed Run now'),
  status: diagnosticStatusSchema.describe('The worst status among its checks'),
  startedAt: z.string(),
  finishedAt: z.string(),
  counts: z.object({ ok: z.number().int(), warn: z.number().int(), fail: z.number().int() }),
});
export type DiagnosticRunSummary = z.infer<typeof diagnosticRunSummarySchema>;

export const diagnosticRunSchema = diagnosticRunSummarySchema.extend({
  results: z.array(diagnosticResultSchema),
});
export type DiagnosticRun = z.infer<typeof diagnosticRunSchema>;

export const diagnosticRunQuerySchema = z.object({
  limit: z.coerce.number({ error: 'The limit must be a number' }).int().min(1).max(100).default(20),
  cursor: z.string().max(300).optional(),
});
