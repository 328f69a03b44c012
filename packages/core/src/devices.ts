import { z } from 'zod';
import { DEVICE_STATUSES } from './collections.ts';
import { OPENPAYGO_TOKEN_TYPES } from './openpaygo.ts';

/**
 * What the device registry routes answer, declared once: the server documents and checks its
 * answers with these schemas, and the web app takes its types from them.
 */

export { DEVICE_STATUSES, type DeviceStatus } from './collections.ts';

/** A pay-as-you-go device as the registry shows it (never its key). */
export const deviceSchema = z.object({
  id: z.uuid(),
  serialNumber: z.string(),
  productId: z.uuid().nullable(),
  product: z
    .object({ id: z.uuid(), sku: z.string(), name: z.string() })
    .nullable()
    .describe('The product the unit is; null for a unit imported before products were recorded'),
  startingCode: z.number().int(),
  tokenCount: z.number().int(),
  timeDivider: z.number().int(),
  restrictedDigitSet: z.boolean(),
  status: z.enum(DEVICE_STATUSES),
  loanId: z.uuid().nullable().describe('The loan the device is assigned to'),
  deliveredAt: z.string().nullable().describe('When the unit was handed to a customer on a loan'),
  warrantyUntil: z.string().nullable().describe("The warranty's last day: the product's warranty months from delivery"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

/** A token issued to a device, and the count it moves the device to. */
export const issuedTokenSchema = z.object({
  deviceId: z.string(),
  count: z.number().int(),
  type: z.enum(OPENPAYGO_TOKEN_TYPES),
  days: z.number().int().nullable(),
  token: z.string(),
});
export type IssuedToken = z.infer<typeof issuedTokenSchema>;

/** A token in a device's history, with what it was issued for: a repayment, or an admin's request. */
export const deviceTokenSchema = issuedTokenSchema
  .omit({ deviceId: true })
  .extend({ reference: z.string(), createdAt: z.string() });
export type DeviceToken = z.infer<typeof deviceTokenSchema>;

/** A product devices are registered for, with its units and units in stock. */
export const deviceProductSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  name: z.string(),
  total: z.number().int(),
  inStock: z.number().int(),
});
export type DeviceProduct = z.infer<typeof deviceProductSchema>;
