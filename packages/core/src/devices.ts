import { z } from 'zod';
import { DEVICE_STATUSES, SWAP_REASONS } from './collections.ts';
import { DEVICE_SERIAL_PATTERN, OPENPAYGO_TOKEN_TYPES } from './openpaygo.ts';

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
  locationId: z.uuid().nullable().describe('The stock location of a unit not yet sold; null once with its customer'),
  locationName: z.string().nullable().describe('That location’s name (a warehouse, a shop or an agent)'),
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

/** An admin moves a loan to a replacement unit: the new unit's serial (or the oldest in stock), why, and any charge. */
export const deviceSwapInputSchema = z.strictObject({
  newSerial: z
    .string()
    .trim()
    .regex(DEVICE_SERIAL_PATTERN, 'A serial number is 4 to 40 letters, digits or dashes')
    .transform((s) => s.toUpperCase())
    .optional()
    .describe('The replacement unit; without it the oldest unit of the product in stock'),
  reason: z.enum(SWAP_REASONS, { error: 'Choose why the unit is swapped: fault, upgrade or other' }),
  note: z.string().trim().max(300).optional(),
  charge: z
    .number({ error: 'The charge is a whole number of UGX' })
    .int('The charge is a whole number of UGX')
    .min(0, 'The charge cannot be negative')
    .max(10_000_000, 'The charge is at most UGX 10,000,000')
    .default(0)
    .describe(
      'What an out-of-warranty swap (or one not for a fault) costs the customer; none for a fault under warranty',
    ),
  confirmCharge: z.boolean().optional().describe('The admin accepts the quoted charge'),
});
export type DeviceSwapInput = z.input<typeof deviceSwapInputSchema>;

/** What a swap does (or would do): the units, the warranty, the charge and the token for the new unit. */
export const deviceSwapQuoteSchema = z.object({
  loanId: z.uuid(),
  oldSerial: z.string(),
  newSerial: z.string(),
  warrantyUntil: z.string().nullable(),
  underWarranty: z.boolean(),
  charge: z.number().int(),
  token: z.enum(['SET_TIME', 'DISABLE_PAYG']),
  daysCarried: z.number().int().describe('The days paid for and not yet used that the new unit gets'),
  owedAfter: z.number().int(),
});
export type DeviceSwapQuote = z.infer<typeof deviceSwapQuoteSchema>;
