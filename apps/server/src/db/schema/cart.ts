import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './catalog.ts';

/** A line of a user's cart: one product in one payment mode (spec section 3). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    paymentMode: text('payment_mode', { enum: ['cash', 'loan'] })
      .notNull()
      .default('cash'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
    uniqueIndex('cart_items_one_line').on(t.userId, t.productId, t.paymentMode),
    index('cart_items_product_idx').on(t.productId),
  ],
);

export type CartItemRow = typeof cartItems.$inferSelect;
