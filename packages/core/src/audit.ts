import { z } from 'zod';
import { USER_TYPES } from './roles.ts';

/**
 * Who did something, as admin screens name them: the person's name and role beside the id, so
 * no log shows a bare id. Null fields: the account is no longer on record.
 */
export const actorSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  role: z.enum(USER_TYPES).nullable(),
});
export type Actor = z.infer<typeof actorSchema>;

/**
 * One audit entry as admin screens read it. `details` keeps what the change recorded: an order's
 * status `from` and `to`, a product's `changes` (each field `before` and `after`), and so on.
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actorId: z.string(),
  actor: actorSchema,
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A person a log line is about, with the ways to find or reach them. */
export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable().describe('Null for a phone-only account'),
  phone: z.string().nullable(),
  role: z.enum(USER_TYPES),
});
export type Person = z.infer<typeof personSchema>;
