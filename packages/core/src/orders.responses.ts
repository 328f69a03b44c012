import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';
import { deliveryFeeRuleSchema, orderSchema, orderSummarySchema, pickupPointSchema } from './orders.ts';
import { pageSchema } from './page.ts';

/**
 * What the order routes answer, declared once: the server documents and checks its answers
 * with these schemas, and the web app takes its types from them. Kept apart from orders.ts so the
 * screens that import orders.ts at run time do not carry them.
 */

/** What checkout offers: the delivery fee rule, the pickup points, and paying on delivery. */
export const checkoutOptionsSchema = z.object({
  deliveryFee: deliveryFeeRuleSchema,
  /**
   * readyNow: the shop holds every unit of the cart's cash lines now. One that does not still
   * takes the order, which waits for a transfer (decision 024).
   */
  pickupPoints: z.array(pickupPointSchema.extend({ readyNow: z.boolean() })),
  payOnDelivery: z
    .object({
      /** The most an order paid on delivery may come to (UGX). */
      maxTotal: z.number().int(),
      /** The days such an order waits for its money before it is cancelled. */
      days: z.number().int(),
      /** The caller's own agent, who would bring it; null when an admin will name one. */
      agent: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
      /** The caller's order already waiting to be paid on delivery (one at a time), or null. */
      waitingOrder: z.string().nullable(),
    })
    .describe('Paying on delivery or at pickup'),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;

/** One page of the customer's orders, newest first. */
export const orderPageSchema = pageSchema(orderSummarySchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

/** An order in the admin list: the summary and whose it is. */
export const adminOrderSummarySchema = orderSummarySchema.extend({
  customer: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

/** One order as admins see it: with its customer and what admins did to it. */
export const adminOrderSchema = orderSchema.extend({
  customer: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  audit: z
    .array(auditEntrySchema)
    .describe('What admins did, oldest first: who (name and role), and each status from and to'),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
