import type { ProductSpecs } from '@ecogrid/core';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sku: text('sku').notNull().unique(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    // Whole UGX, VAT inclusive. bigint in the database; every price fits a JS number exactly.
    price: bigint('price', { mode: 'number' }).notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    specs: jsonb('specs').$type<ProductSpecs>().notNull(),
    stock: integer('stock').notNull().default(0),
    active: boolean('active').notNull().default(true),
    loanEligible: boolean('loan_eligible').notNull().default(false),
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
