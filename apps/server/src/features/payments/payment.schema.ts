import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '@ecogrid/core/payments';
import { z } from '@hono/zod-openapi';

/** A payment as the API shows it (the core Payment type). */
export const paymentSchema = z
  .object({
    id: z.uuid(),
    reference: z.string(),
    purpose: z.enum(PAYMENT_PURPOSES),
    status: z.enum(PAYMENT_STATUSES),
    method: z.enum(PAYMENT_METHODS),
    amount: z.number().int(),
    phone: z.string().nullable(),
    failureReason: z.string().nullable(),
    failureMessage: z.string().nullable(),
    orderId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    settledAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .openapi('Payment');
