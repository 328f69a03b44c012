import { z } from 'zod';
import { bookCustomerSchema } from './agent-books.ts';
import { MOBILE_NETWORKS, mobileNumberSchema } from './payments.ts';
import { FULFILMENTS, orderSummarySchema } from './orders.ts';
import { pageSchema } from './page.ts';

/**
 * Orders paid on delivery or at pickup, as the agent who brings them sees them: whose, where to,
 * how much to take, and whether the money is in (then the goods may be handed over).
 */
export const agentDeliverySchema = orderSummarySchema.extend({
  customer: bookCustomerSchema,
  fulfilment: z.enum(FULFILMENTS),
  /** Where to bring it: the delivery address, or the pickup point's name and address. */
  place: z.string(),
  /** The day the order should reach the customer, if an admin set one. */
  expectedOn: z.string().nullable(),
  /** Whether its money is in: then it may be handed over. */
  paid: z.boolean(),
  /** While it waits for its money: when it is cancelled if none comes (ISO). */
  payBy: z.string().nullable(),
});
export type AgentDelivery = z.infer<typeof agentDeliverySchema>;
export const agentDeliveryPageSchema = pageSchema(agentDeliverySchema);
export type AgentDeliveryPage = z.infer<typeof agentDeliveryPageSchema>;

/** The deliveries to list: those still to bring (the default), or those handed over. */
export const DELIVERY_SHOWS = ['open', 'done'] as const;
export const agentDeliveryQuerySchema = z.object({
  show: z.enum(DELIVERY_SHOWS, { error: 'Show open or done' }).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type AgentDeliveryQuery = z.infer<typeof agentDeliveryQuerySchema>;

/** An admin names the agent who brings an order paid on delivery and takes its money. */
export const deliveryCollectorSchema = z.strictObject({
  agentId: z.string().trim().min(1, 'Choose an agent').max(100),
});
export type DeliveryCollector = z.infer<typeof deliveryCollectorSchema>;

/**
 * The agent asks the customer's phone to approve the order's payment on the spot: to the
 * customer's own number unless another is given.
 */
export const deliveryPromptSchema = z.strictObject({
  phone: mobileNumberSchema.optional(),
  /** The number's network, when its prefix does not tell (a number moved between networks). */
  network: z.enum(MOBILE_NETWORKS, { error: 'Choose mtn or airtel' }).optional(),
});
export type DeliveryPrompt = z.input<typeof deliveryPromptSchema>;
