import { z } from 'zod';
import { USER_TYPES } from './roles.ts';

/**
 * Every action the audit log records. Admin screens name each in the reader's language
 * (`admin.systemLog.actions` in the web app's catalogues, a test keeps them complete).
 */
export const AUDIT_ACTIONS = [
  'agent.cash_collected',
  'agent.customer_consent',
  'agent.customer_registered',
  'agent.handover',
  'agent.sale',
  'agent.settings',
  'agent.target',
  'approval.threshold',
  'campaigns.create',
  'campaigns.send',
  'campaigns.settings',
  'category.create',
  'category.deactivate',
  'category.reactivate',
  'category.reorder',
  'category.update',
  'credit_policy.update',
  'device.import',
  'device.issue_token',
  'kyc.approve',
  'kyc.document.view',
  'kyc.reject',
  'loan.approve',
  'loan.device_swap',
  'loan.extension',
  'loan.pause',
  'loan.reject',
  'loan.repossession_attempt',
  'loan.repossession_start',
  'loan.resume',
  'loan.withdraw',
  'loan.write_off',
  'loan_follow_up.assign',
  'loan_follow_up.outcome',
  'loan_plan.create',
  'loan_plan.update',
  'message.resend',
  'order.cancel',
  'order.collector',
  'order.delivery_plan',
  'order.handover',
  'order.status',
  'paybill.assign',
  'paybill.return',
  'payment.mark_failed',
  'payment.refund',
  'product.create',
  'product.deactivate',
  'product.image_add',
  'product.image_main',
  'product.image_remove',
  'product.reactivate',
  'product.stock_adjust',
  'product.update',
  'refund.approved',
  'refund.declined',
  'refund.requested',
  'stock.location_create',
  'stock.transfer',
  'store.delivery_fee',
  'support.assign',
  'support.info_request',
  'support.note',
  'support.reply',
  'support.resolve',
  'support_request.handled',
  'write_off.approved',
  'write_off.declined',
  'write_off.requested',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The catalogue key of an action's name: its dots become underscores ('kyc.document.view' → 'kyc_document_view'). */
export const auditActionKey = (action: string) => action.replaceAll('.', '_');

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

/** What the system log lists: admins' actions, money movements, or both. */
export const LOG_SOURCES = ['all', 'admin', 'money'] as const;

/** The system log's filters: the days (Kampala), the source, who, what and which record. */
export const systemLogQuerySchema = z.object({
  source: z.enum(LOG_SOURCES, { error: 'Show all, admin or money' }).default('all'),
  from: z.string().max(10).optional().describe('First day (YYYY-MM-DD), Kampala time; with `to`'),
  to: z.string().max(10).optional().describe('Last day (YYYY-MM-DD), included'),
  actorId: z.string().trim().min(1).max(100).optional().describe('Only what this person did'),
  action: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[a-z_.]+\*?$/, 'An action as the log names it, like order.status or loan.*')
    .optional()
    .describe("An action ('order.status'), or its start followed by * ('loan.*'); money movements are money.<kind>"),
  entityType: z.string().trim().min(1).max(40).optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});
export type SystemLogQuery = z.infer<typeof systemLogQuerySchema>;

/**
 * One line of the system log: an admin's action (its reason and details, old → new, from the
 * address and browser of the request) or a money movement (its description, amount and
 * postings, each account named), with who did it named.
 */
export const systemLogItemSchema = z.object({
  id: z.string(),
  source: z.enum(['admin', 'money']),
  at: z.string(),
  actor: actorSchema.nullable().describe('Null for what the system did by itself (a payment settled)'),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  amount: z.number().int().nullable().describe('A money movement: the money moved (UGX)'),
  postings: z
    .array(
      z.object({
        account: z.string().describe("The account's code: 'revenue:sales', 'wallet:<user>', 'cash:<agent>'"),
        person: z
          .string()
          .nullable()
          .describe("Whose wallet or cash account it is, by name; null for the business's own"),
        amount: z.number().int(),
      }),
    )
    .describe('A money movement: each account and its amount; empty for an admin action'),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SystemLogItem = z.infer<typeof systemLogItemSchema>;
