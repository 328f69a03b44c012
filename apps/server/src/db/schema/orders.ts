import type { DeliveryFeeRule } from '@ecogrid/core/orders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CatalogueText } from '#src/platform/i18n.ts';
import { users } from './auth.ts';
import { products } from './catalog.ts';

/** Order numbers people can read out on the phone: ORD-100001, ORD-100002, … */
export const orderNumbers = pgSequence('order_numbers', { startWith: 100001 });

/** Where customers may collect an order instead of having it delivered. */
export const pickupPoints = pgTable('pickup_points', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  district: text('district').notNull(),
  address: text('address').notNull(),
  phone: text('phone'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number')
      .notNull()
      .unique()
      .default(sql`'ORD-' || nextval('order_numbers')`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', {
      enum: ['pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'completed', 'cancelled'],
    })
      .notNull()
      .default('pending_payment'),
    fulfilment: text('fulfilment', { enum: ['delivery', 'pickup'] }).notNull(),
    district: text('district'),
    subCounty: text('sub_county'),
    village: text('village'),
    directions: text('directions'),
    pickupPointId: uuid('pickup_point_id').references(() => pickupPoints.id),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method', { enum: ['wallet', 'mtn', 'airtel', 'cash'] }).notNull(),
    /** The agent who sold the order for the customer, and their commission rate then (basis points). */
    soldBy: text('sold_by').references(() => users.id, { onDelete: 'set null' }),
    commissionBp: integer('commission_bp'),
    /** Paid on delivery or at pickup: an agent brings it and takes the money there. */
    payOnDelivery: boolean('pay_on_delivery').notNull().default(false),
    /** The agent who brings an order paid on delivery and takes its money; null until one is chosen. */
    collectorId: text('collector_id').references(() => users.id, { onDelete: 'set null' }),
    /** The payment that pays (or paid) for the order. */
    paymentId: uuid('payment_id'),
    /** The caller's Idempotency-Key: one order per user and key. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash'),
    /** Made by the loans feature for a product bought on credit: its price is owed on a loan. */
    onCredit: boolean('on_credit').notNull().default(false),
    /** Why it was cancelled: the canceller's own words, or the English copy of cancelReasonText. */
    cancelReason: text('cancel_reason'),
    /** A reason the system wrote (a payment failed, the wait ran out), read in the reader's language. */
    cancelReasonText: jsonb('cancel_reason_text').$type<CatalogueText>(),
    /**
     * Until when the order waits for its payment, set when it is placed: the mobile-money window,
     * or the days a sale paid in cash to the agent waits for the cash. Null for an order made paid.
     */
    payBy: timestamp('pay_by', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** The day the order should reach the customer (or be ready at the pickup point), as an admin set it. */
    expectedOn: date('expected_on', { mode: 'string' }),
    /** Who brings a delivered order, and their phone (E.164), so the customer can call them. */
    courierName: text('courier_name'),
    courierPhone: text('courier_phone'),
    // PostgreSQL's text form, so the list's keyset cursor keeps microsecond precision.
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'orders_amounts',
      sql`${t.subtotal} > 0 and ${t.deliveryFee} >= 0 and ${t.total} = ${t.subtotal} + ${t.deliveryFee}`,
    ),
    check(
      'orders_fulfilment_details',
      sql`(${t.fulfilment} = 'delivery' and ${t.district} is not null and ${t.subCounty} is not null and ${t.village} is not null)
          or (${t.fulfilment} = 'pickup' and ${t.pickupPointId} is not null)`,
    ),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_payment_idx').on(t.paymentId),
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    index('orders_collector_idx')
      .on(t.collectorId, t.status)
      .where(sql`${t.collectorId} is not null`),
    index('orders_sold_by_idx')
      .on(t.soldBy, t.createdAt)
      .where(sql`${t.soldBy} is not null`),
  ],
);

/** What was bought, with the price and tax class as they were when the order was placed. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    imageUrl: text('image_url'),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: bigint('line_total', { mode: 'number' }).notNull(),
    taxClass: text('tax_class', { enum: ['standard', 'exempt', 'zero_rated'] }).notNull(),
  },
  (t) => [
    check(
      'order_lines_amounts',
      sql`${t.quantity} > 0 and ${t.unitPrice} >= 0 and ${t.lineTotal} = ${t.unitPrice} * ${t.quantity}`,
    ),
    index('order_lines_order_idx').on(t.orderId),
  ],
);

/** An order's timeline: every status it has had, when, by whom and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** A person's own words, or the English copy of noteText (rows written before it keep only this). */
    note: text('note'),
    /** A note the system wrote, as an `orders` catalogue text rendered in the reader's language. */
    noteText: jsonb('note_text').$type<CatalogueText>(),
    actorId: text('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Shop-wide settings admins change, one row per key. */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<DeliveryFeeRule | Record<string, unknown>>().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PickupPointRow = typeof pickupPoints.$inferSelect;
