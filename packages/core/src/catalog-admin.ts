import { z } from 'zod';
import { auditEntrySchema, type AuditEntry } from './audit.ts';
import { categorySlugSchema, productSchema, type productSpecsSchema } from './catalog.schemas.ts';
import { TAX_CLASSES } from './orders.ts';
import { pageSchema } from './page.ts';

/** Bounds the server keeps and the admin forms check first. */
export const CATALOG_LIMITS = {
  price: { min: 1, max: 100_000_000 },
  stock: { max: 1_000_000 },
  adjustment: { max: 100_000 },
  images: { max: 8, bytes: 8 * 1024 * 1024 },
} as const;

export { slugify } from './slug.ts';

/** Picture types an admin may upload; anything else is refused by its content, whatever its name. */
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(min, min === 1 ? `Enter the ${label}` : `The ${label} needs at least ${min} characters`)
    .max(max, `The ${label} is limited to ${max} characters`);

const wholeNumber = (label: string) =>
  z.number({ error: `Enter the ${label} as a whole number` }).int(`The ${label} must be a whole number`);

const optionalCount = (label: string) => wholeNumber(label).min(0, `The ${label} cannot be negative`).nullable();

export const productSpecsInputSchema = z.strictObject({
  panelWatts: optionalCount('solar panel size').refine(
    (v) => v === null || v <= 100_000,
    'The panel size is too large',
  ),
  batteryWh: optionalCount('battery size').refine((v) => v === null || v <= 1_000_000, 'The battery size is too large'),
  lights: optionalCount('number of lights').refine((v) => v === null || v <= 1_000, 'Too many lights'),
  appliancesIncluded: z
    .array(text('appliance name', 1, 80), { error: 'List the appliances included' })
    .max(20, 'List at most 20 appliances'),
  warrantyMonths: wholeNumber('warranty')
    .min(0, 'The warranty cannot be negative')
    .max(240, 'The warranty is at most 240 months'),
}) satisfies z.ZodType<z.infer<typeof productSpecsSchema>>;

/** Every field an admin edits, without defaults (a change names only what it changes). */
const productFields = {
  sku: z
    .string({ error: 'Enter the SKU' })
    .trim()
    .toUpperCase()
    .min(2, 'The SKU needs at least 2 characters')
    .max(40, 'The SKU is limited to 40 characters')
    .regex(/^[A-Z0-9]+(?:[-_.][A-Z0-9]+)*$/, 'The SKU is letters and digits, with - _ or . between them'),
  name: text('name', 3, 120),
  description: text('description', 10, 4_000),
  category: categorySlugSchema,
  brand: text('brand', 1, 60),
  price: wholeNumber('price')
    .min(CATALOG_LIMITS.price.min, 'The price must be at least UGX 1')
    .max(CATALOG_LIMITS.price.max, 'The price is at most UGX 100,000,000'),
  taxClass: z.enum(TAX_CLASSES, { error: 'Choose the VAT class: standard, exempt or zero rated' }),
  loanEligible: z.boolean({ error: 'Say whether it can be bought on credit' }),
  specs: productSpecsInputSchema,
};

/** A new product; its opening stock becomes its first stock movement. */
export const productCreateSchema = z.strictObject({
  ...productFields,
  taxClass: productFields.taxClass.default('standard'),
  loanEligible: productFields.loanEligible.default(false),
  stock: wholeNumber('opening stock')
    .min(0, 'The opening stock cannot be negative')
    .max(CATALOG_LIMITS.stock.max, 'The opening stock is at most 1,000,000')
    .default(0),
});
export type ProductCreate = z.input<typeof productCreateSchema>;
/** A new product as checked: the defaults filled in. */
export type ProductCreateData = z.output<typeof productCreateSchema>;

/** A change to a product: any of its fields; stock moves only by an adjustment with a reason. */
export const productUpdateSchema = z
  .strictObject(productFields, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' && issue.keys.includes('stock')
        ? 'Stock changes by a stock adjustment (a change and a reason), not by editing the product'
        : undefined,
  })
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), 'Change at least one field');
export type ProductUpdate = z.input<typeof productUpdateSchema>;
export type ProductUpdateData = z.output<typeof productUpdateSchema>;

export const stockAdjustmentSchema = z.strictObject({
  change: wholeNumber('change')
    .min(-CATALOG_LIMITS.adjustment.max, 'A change is at most 100,000 units')
    .max(CATALOG_LIMITS.adjustment.max, 'A change is at most 100,000 units')
    .refine((v) => v !== 0, 'The change cannot be zero: add (+) or remove (−) units'),
  reason: text('reason', 3, 300),
  /** Where the units arrive or leave (a stock location); the main warehouse when not given. */
  locationId: z.uuid({ error: 'Choose the location from the list' }).optional(),
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

const categoryName = text('category name', 2, 60);
const position = wholeNumber('position')
  .min(0, 'The position cannot be negative')
  .max(10_000, 'The position is too large');

export const categoryCreateSchema = z.strictObject({
  slug: categorySlugSchema,
  name: categoryName,
  position: position.optional(),
});
export type CategoryCreate = z.input<typeof categoryCreateSchema>;

export const categoryUpdateSchema = z
  .strictObject({ name: categoryName, position })
  .partial()
  .refine((v) => v.name !== undefined || v.position !== undefined, 'Change the name or the position');

export const categoryOrderSchema = z.strictObject({
  slugs: z
    .array(categorySlugSchema, { error: 'List the category slugs in their new order' })
    .min(1, 'List the category slugs in their new order')
    .max(200, 'At most 200 categories')
    .refine((slugs) => new Set(slugs).size === slugs.length, 'Each category may appear only once'),
});

/** A product as the back office sees it: the shop's fields plus VAT class and last change. */
export const adminProductSchema = productSchema.extend({
  taxClass: z.enum(TAX_CLASSES),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const STOCK_MOVEMENT_KINDS = ['adjustment', 'order_reserved', 'order_released'] as const;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  change: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.string().nullable(),
  orderId: z.string().nullable(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** What admins did to a product or a category: the shared audit entry. */
export const catalogAuditSchema = auditEntrySchema;
export type CatalogAudit = AuditEntry;

export const adminCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  productCount: z.number().int().describe('Products in the category, active or not'),
  activeProductCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** One product with its newest stock movements and what admins did to it, newest first. */
export const productDetailSchema = z.object({
  product: adminProductSchema,
  movements: pageSchema(stockMovementSchema),
  audit: z.array(catalogAuditSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** A stock adjustment's answer: the product after it, and the movement it recorded. */
export const stockAdjustedSchema = z.object({ product: adminProductSchema, movementId: z.number().int() });
export type StockAdjusted = z.infer<typeof stockAdjustedSchema>;
