import { z } from 'zod';
import { CATEGORY_SLUG_PATTERN, MAX_PRICE_FILTER, PRODUCT_SORTS } from './catalog.ts';

const SLUG_MESSAGE =
  'A category is named by its slug: lower-case letters, digits and single hyphens, such as solar-lanterns';

/** A category slug (admins keep the categories, so any well-formed slug is a category to look for). */
export const categorySlugSchema = z
  .string({ error: SLUG_MESSAGE })
  .trim()
  .min(2, 'A category slug has at least 2 characters')
  .max(40, 'A category slug has at most 40 characters')
  .regex(CATEGORY_SLUG_PATTERN, SLUG_MESSAGE);

export const productSpecsSchema = z.object({
  panelWatts: z.number().int().nonnegative().nullable(),
  batteryWh: z.number().int().nonnegative().nullable(),
  lights: z.number().int().nonnegative().nullable(),
  appliancesIncluded: z.array(z.string()),
  warrantyMonths: z.number().int().nonnegative(),
});
export type ProductSpecs = z.infer<typeof productSpecsSchema>;

export const productSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  category: z.string().describe('The category slug'),
  brand: z.string(),
  price: z.number().int().nonnegative().describe('Price in whole UGX, VAT inclusive'),
  images: z.array(z.string()),
  specs: productSpecsSchema,
  stock: z.number().int().nonnegative(),
  active: z.boolean(),
  loanEligible: z.boolean(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

const priceBound = z.coerce
  .number({ error: 'Price must be a whole number of UGX' })
  .int('Price must be a whole number of UGX')
  .min(0, 'Price cannot be negative')
  .max(MAX_PRICE_FILTER, 'Price is too large');

export const productListQuerySchema = z
  .object({
    q: z.string().trim().max(100, 'Search text is limited to 100 characters').optional(),
    // An unknown slug is not an error: it matches no product.
    category: categorySlugSchema.optional(),
    minPrice: priceBound.optional(),
    maxPrice: priceBound.optional(),
    sort: z.enum(PRODUCT_SORTS).default('newest'),
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(100, 'Limit must be at most 100')
      .default(24),
    cursor: z.string().max(300).optional(),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'The lowest price must not be above the highest price',
    path: ['minPrice'],
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListSchema = z.object({
  items: z.array(productSchema),
  nextCursor: z.string().nullable(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** A category as the marketplace shows it: active ones only, in the admins' order. */
export const categorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  position: z.number().int(),
  productCount: z.number().int().describe('Active products in the category'),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.object({ items: z.array(categorySchema) });
