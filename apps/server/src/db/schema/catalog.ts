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
  primaryKey,
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
    /**
     * Units orders took out of `stock` that are still at a location (not yet handed over): with
     * `stock` they make the units the locations hold (decision 024).
     */
    reserved: integer('reserved').notNull().default(0),
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
    check('products_reserved_nonnegative', sql`${t.reserved} >= 0`),
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
    /** Where an adjustment added or removed its units. */
    locationId: uuid('location_id').references(() => stockLocations.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.id),
    index('stock_movements_created_idx').on(t.createdAt),
  ],
);

/**
 * Where units are held: warehouses (one of them the main one), shops (each a pickup point, whose
 * name and address stay with the pickup point) and approved agents. Decision 024.
 */
export const stockLocations = pgTable(
  'stock_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['warehouse', 'shop', 'agent'] }).notNull(),
    /** A warehouse's name; a shop is named by its pickup point and an agent by their account. */
    name: text('name'),
    // References pickup_points in the database (migration 0042); not here, where the orders
    // schema, which reads products, would make the two import each other.
    pickupPointId: uuid('pickup_point_id').unique(),
    agentId: text('agent_id')
      .unique()
      .references(() => users.id),
    /** The main warehouse: stock from before locations, new products' opening stock. */
    isMain: boolean('is_main').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'stock_locations_kind_link',
      sql`(${t.kind} = 'warehouse' and ${t.name} is not null and ${t.pickupPointId} is null and ${t.agentId} is null)
        or (${t.kind} = 'shop' and ${t.pickupPointId} is not null and ${t.agentId} is null)
        or (${t.kind} = 'agent' and ${t.agentId} is not null and ${t.pickupPointId} is null)`,
    ),
    check('stock_locations_main_warehouse', sql`not ${t.isMain} or ${t.kind} = 'warehouse'`),
    uniqueIndex('stock_locations_one_main')
      .on(t.isMain)
      .where(sql`${t.isMain}`),
  ],
);

/** The units of a product a location holds now: never below zero. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => stockLocations.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.productId] }),
    check('stock_levels_quantity_nonnegative', sql`${t.quantity} >= 0`),
    index('stock_levels_product_idx').on(t.productId),
  ],
);

/**
 * Every unit that came to, left or moved between locations: a transfer (from and to), stock
 * received (to) or removed (from) by an adjustment, an order handed over (from, with the order).
 */
export const stockLocationMoves = pgTable(
  'stock_location_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['transfer', 'received', 'removed', 'handover'] }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    fromLocationId: uuid('from_location_id').references(() => stockLocations.id),
    toLocationId: uuid('to_location_id').references(() => stockLocations.id),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    /** The serial numbers of the devices moved, for products tracked by device. */
    serials: text('serials')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    orderId: uuid('order_id'),
    actorId: text('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_location_moves_quantity', sql`${t.quantity} > 0`),
    check(
      'stock_location_moves_ends',
      sql`(${t.fromLocationId} is not null or ${t.toLocationId} is not null) and ${t.fromLocationId} is distinct from ${t.toLocationId}`,
    ),
    index('stock_location_moves_from_idx').on(t.fromLocationId, t.id),
    index('stock_location_moves_to_idx').on(t.toLocationId, t.id),
    index('stock_location_moves_product_idx').on(t.productId, t.id),
  ],
);

export type StockLocationRow = typeof stockLocations.$inferSelect;

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
