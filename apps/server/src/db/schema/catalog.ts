import type { ProductSpecs } from '@ecogrid/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Product categories, kept by admins; `slug` is what products and the catalogue filter use. */
export const categories = pgTable('categories', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sku: text('sku').notNull().unique(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    category: text('category')
      .notNull()
      .references(() => categories.slug, { onUpdate: 'cascade' }),
    brand: text('brand').notNull(),
    // Whole UGX, VAT inclusive. bigint in the database; every price fits a JS number exactly.
    price: bigint('price', { mode: 'number' }).notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    specs: jsonb('specs').$type<ProductSpecs>().notNull(),
    stock: integer('stock').notNull().default(0),
    active: boolean('active').notNull().default(true),
    loanEligible: boolean('loan_eligible').notNull().default(false),
    /** For the receipt's VAT: 'standard' (18%), 'exempt' (solar equipment) or 'zero_rated'. */
    taxClass: text('tax_class', { enum: ['standard', 'exempt', 'zero_rated'] })
      .notNull()
      .default('standard'),
    // Kept as PostgreSQL's text form so keyset cursors keep microsecond precision.
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_nonnegative', sql`${t.price} >= 0`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    index('products_category_idx').on(t.category),
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_price_idx').on(t.price, t.id),
    index('products_name_idx').on(t.name, t.id),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

/**
 * Every change to a product's stock, with the stock after it: admin adjustments (with their
 * reason), units reserved by an order and units an order gave back.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    kind: text('kind', { enum: ['adjustment', 'order_reserved', 'order_released'] }).notNull(),
    change: integer('change').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason'),
    orderId: uuid('order_id'),
    actorId: text('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.id),
    index('stock_movements_created_idx').on(t.createdAt),
  ],
);

/**
 * What customers who received a product say of it: one review per customer and product, which
 * they may change or take back. The product page lists them newest first.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    // PostgreSQL's text form, so the list's keyset cursor keeps microsecond precision.
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('product_reviews_rating', sql`${t.rating} between 1 and 5`),
    check('product_reviews_body', sql`char_length(${t.body}) <= 500`),
    uniqueIndex('product_reviews_product_user').on(t.productId, t.userId),
    index('product_reviews_product_created_idx').on(t.productId, t.createdAt, t.id),
  ],
);
