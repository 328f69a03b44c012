import { z } from 'zod';

/** Where units are held (decision 024): warehouses, shops (pickup points) and agents. */
export const STOCK_LOCATION_KINDS = ['warehouse', 'shop', 'agent'] as const;
export type StockLocationKind = (typeof STOCK_LOCATION_KINDS)[number];

export const STOCK_MOVE_KINDS = ['transfer', 'received', 'removed', 'handover'] as const;
export type StockMoveKind = (typeof STOCK_MOVE_KINDS)[number];

/** At most this many units move in one transfer, as in one adjustment. */
export const TRANSFER_MAX = 100_000;

const uuid = (label: string) => z.uuid({ error: `Choose the ${label}` });

export const stockLocationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(STOCK_LOCATION_KINDS),
  /** The warehouse's name, the pickup point's name or the agent's name. */
  name: z.string(),
  /** The pickup point's district, for a shop. */
  district: z.string().nullable(),
  pickupPointId: z.uuid().nullable(),
  agentId: z.string().nullable(),
  isMain: z.boolean(),
  active: z.boolean(),
  /** All the units held there, every product together. */
  units: z.number().int(),
});
export type StockLocation = z.infer<typeof stockLocationSchema>;

/** A new location: a named warehouse, a pickup point's shop, or an approved agent. */
export const stockLocationCreateSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('warehouse'),
      name: z
        .string({ error: 'Enter the warehouse’s name' })
        .trim()
        .min(2, 'The warehouse’s name needs at least 2 characters')
        .max(80, 'The warehouse’s name is limited to 80 characters'),
    }),
    z.strictObject({ kind: z.literal('shop'), pickupPointId: uuid('pickup point') }),
    z.strictObject({ kind: z.literal('agent'), agentId: z.string().trim().min(1, 'Choose the agent').max(100) }),
  ],
  { error: 'Choose what kind of location: warehouse, shop or agent' },
);
export type StockLocationCreate = z.infer<typeof stockLocationCreateSchema>;

/** How many units of each product a location holds (products with none left out). */
export const locationStockSchema = z.object({
  location: stockLocationSchema,
  items: z.array(z.object({ productId: z.uuid(), name: z.string(), sku: z.string(), quantity: z.number().int() })),
});
export type LocationStock = z.infer<typeof locationStockSchema>;

/** Where a product's units are, and what is free to sell and held by orders. */
export const productStockSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  /** Free to sell. */
  stock: z.number().int(),
  /** Sold or held by orders not yet handed over, still at a location. */
  reserved: z.number().int(),
  locations: z.array(
    z.object({
      locationId: z.uuid(),
      name: z.string(),
      kind: z.enum(STOCK_LOCATION_KINDS),
      quantity: z.number().int(),
    }),
  ),
});
export type ProductStock = z.infer<typeof productStockSchema>;

export const stockTransferSchema = z
  .strictObject({
    productId: uuid('product'),
    fromLocationId: uuid('location the units leave'),
    toLocationId: uuid('location the units go to'),
    quantity: z
      .number({ error: 'Enter how many units, as a whole number' })
      .int('Enter how many units, as a whole number')
      .min(1, 'Move at least one unit')
      .max(TRANSFER_MAX, 'A transfer is at most 100,000 units'),
    note: z.string().trim().max(300, 'The note is limited to 300 characters').optional(),
    /** For products tracked by device: the serial numbers of the units moved, one per unit. */
    serials: z
      .array(z.string().trim().min(1, 'A serial number cannot be empty').max(64))
      .max(500, 'At most 500 serial numbers in one transfer')
      .optional(),
  })
  .refine((v) => v.fromLocationId !== v.toLocationId, {
    path: ['toLocationId'],
    message: 'Choose another location: the units are already there',
  })
  .refine((v) => v.serials === undefined || v.serials.length === 0 || v.serials.length === v.quantity, {
    path: ['serials'],
    message: 'Give one serial number per unit moved, or none',
  });
export type StockTransfer = z.infer<typeof stockTransferSchema>;

/** One entry of the history: a transfer, stock received or removed, an order handed over. */
export const stockMoveSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STOCK_MOVE_KINDS),
  productId: z.uuid(),
  productName: z.string(),
  fromLocationId: z.uuid().nullable(),
  fromName: z.string().nullable(),
  toLocationId: z.uuid().nullable(),
  toName: z.string().nullable(),
  quantity: z.number().int(),
  note: z.string().nullable(),
  serials: z.array(z.string()),
  orderId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMove = z.infer<typeof stockMoveSchema>;

/** The stock an agent holds (none when they are not a stock location), by product name. */
export const agentStockSchema = z.object({
  items: z.array(z.object({ productId: z.uuid(), name: z.string(), quantity: z.number().int() })),
});
export type AgentStock = z.infer<typeof agentStockSchema>;
