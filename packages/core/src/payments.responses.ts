import { z } from 'zod';
import { actorSchema, auditEntrySchema } from './audit.ts';
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from './payments.ts';

/** A payment as the API shows it. */
export const paymentSchema = z.object({
  id: z.uuid(),
  /** What people quote on the phone: EG- and eight letters and digits. */
  reference: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  /** The mobile-money number, E.164; null for wallet payments. */
  phone: z.string().nullable(),
  failureReason: z.string().nullable(),
  failureMessage: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  settledAt: z.string().nullable(),
  /** When a pending payment stops waiting for the customer's approval. */
  expiresAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Whose payment it is, as the admin payment screens name them. */
export const paymentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PaymentUser = z.infer<typeof paymentUserSchema>;

/** A payment with the account it belongs to, as the admin payment list shows it. */
export const adminPaymentSchema = paymentSchema.extend({ user: paymentUserSchema });
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** One thing that happened to a payment: asked, the network's answers, an admin's decision. */
export const paymentEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  detail: z.record(z.string(), z.unknown()),
  actorId: z.string().nullable(),
  actor: actorSchema.nullable().describe('Who acted: null when the system or the network did'),
  createdAt: z.string(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

/** A journal transaction a payment caused; its postings sum to zero. */
export const journalEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  description: z.string(),
  createdAt: z.string(),
  postings: z.array(z.object({ account: z.string(), amount: z.number().int(), balanceAfter: z.number().int() })),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** A payment's full history for an admin, and what the server allows for it now. */
export const paymentDetailSchema = z.object({
  payment: adminPaymentSchema,
  events: z.array(paymentEventSchema),
  journal: z.array(journalEntrySchema),
  audit: z.array(auditEntrySchema),
  actions: z.object({ markFailed: z.boolean(), refund: z.boolean() }),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/** An admin's resolution of a payment: the payment after it, and the refund payout if one was made. */
export const paymentResolvedSchema = z.object({ payment: adminPaymentSchema, refund: paymentSchema.nullable() });
export type PaymentResolved = z.infer<typeof paymentResolvedSchema>;
