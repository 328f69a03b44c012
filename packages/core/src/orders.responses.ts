import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';
import { deliveryFeeRuleSchema, orderSchema, orderSummarySchema, pickupPointSchema } from './orders.ts';
import { pageSchema } from './page.ts';

/**
 * What the order routes answer, declared once: the server documents and checks its answers
 * with these schemas, and the web app takes its types from them. Kept apart from orders.ts so the
 * screens that import orders.ts at run time do not carry them.
 */

/** What checkout offers: the delivery fee rule and the pickup points. */
export const checkoutOptionsSchema = z.object({
  deliveryFee: deliveryFeeRuleSchema,
  pickupPoints: z.array(pickupPointSchema),
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
