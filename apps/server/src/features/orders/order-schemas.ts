import { uuidSchema } from '@ecogrid/core';
import { orderSchema } from '@ecogrid/core/orders';
import { z } from '@hono/zod-openapi';

export const orderParams = z.object({ id: uuidSchema('order id') });
export const order = orderSchema.openapi('Order');
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
};
export const reasonSchema = z.string().trim().max(300, 'The reason is limited to 300 characters');
