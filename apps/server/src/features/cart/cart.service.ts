import { MAX_CART_LINES, MAX_LINE_QUANTITY, type Cart, type CartLine, type PaymentMode } from '@ecogrid/core/orders';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { cartItems, type CartItemRow } from '#src/db/schema/cart.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import {
  outOfStockMessage,
  productForSale,
  productsForSale,
  type ProductForSale,
} from '#src/features/catalog/stock.service.ts';

const lineNotFound = () => notFound('This cart line was not found. It may have been removed already.');
const unavailable = () => new AppError('product_unavailable', 'This product is no longer sold.', 422);
const notOnCredit = () =>
  new AppError('not_sold_on_credit', 'This product is not sold on credit. Add it to the cart as a cash purchase.', 422);
const tooMany = () =>
  new AppError('quantity_too_large', `At most ${MAX_LINE_QUANTITY} of one product can be ordered at a time.`, 422);

/** Why a line cannot be bought as it is, or null. */
function problemWith(line: CartItemRow, product: ProductForSale): string | null {
  if (!product.active) return unavailable().message;
  if (line.paymentMode === 'loan' && !product.loanEligible) return notOnCredit().message;
  if (product.stock < line.quantity) return outOfStockMessage(product.name, product.stock);
  return null;
}

/** The caller's cart: lines oldest first, with each product's name, price and picture. */
export async function getCart(db: Database | Tx, userId: string): Promise<Cart> {
  const rows = await db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt));
  const found = await productsForSale(db, [...new Set(rows.map((r) => r.productId))]);
  const lines: CartLine[] = [];
  for (const row of rows) {
    const product = found.get(row.productId);
    if (!product) continue;
    lines.push({
      id: row.id,
      productId: row.productId,
      quantity: row.quantity,
      paymentMode: row.paymentMode,
      product: {
        name: product.name,
        price: product.price,
        imageUrl: product.imageUrl,
        stock: product.stock,
        active: product.active,
        loanEligible: product.loanEligible,
      },
      lineTotal: product.price * row.quantity,
      problem: problemWith(row, product),
    });
  }
  const total = (mode: PaymentMode) =>
    lines.filter((l) => l.paymentMode === mode).reduce((sum, l) => sum + l.lineTotal, 0);
  return {
    lines,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    cashTotal: total('cash'),
    loanTotal: total('loan'),
  };
}

/** Refuses a quantity the product cannot have: not sold, not on credit, more than is in stock or allowed. */
function checkQuantity(product: ProductForSale | null, mode: PaymentMode, quantity: number): ProductForSale {
  if (!product || !product.active) throw unavailable();
  if (mode === 'loan' && !product.loanEligible) throw notOnCredit();
  if (quantity > MAX_LINE_QUANTITY) throw tooMany();
  if (quantity > product.stock) throw new AppError('out_of_stock', outOfStockMessage(product.name, product.stock), 422);
  return product;
}

/**
 * Adds a product: the same product in the same payment mode adds to that line, otherwise a new
 * line (spec section 5). The merge is one statement, whose condition keeps the merged quantity
 * within stock and the per-line limit.
 */
export async function addToCart(
  db: Database,
  userId: string,
  input: { productId: string; quantity: number; paymentMode: PaymentMode },
): Promise<Cart> {
  const product = checkQuantity(await productForSale(db, input.productId), input.paymentMode, input.quantity);
  const [{ lines }] = (await db.select({ lines: count() }).from(cartItems).where(eq(cartItems.userId, userId))) as [
    { lines: number },
  ];
  const limit = Math.min(MAX_LINE_QUANTITY, product.stock);
  const [row] = await db
    .insert(cartItems)
    .values({ userId, productId: input.productId, quantity: input.quantity, paymentMode: input.paymentMode })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.paymentMode],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: new Date() },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${limit}`,
    })
    .returning({ id: cartItems.id, inserted: sql<boolean>`(xmax = 0)` });
  if (!row) {
    if (limit === MAX_LINE_QUANTITY) throw tooMany();
    throw new AppError(
      'out_of_stock',
      `${outOfStockMessage(product.name, product.stock)} Your cart already holds what is left.`,
      422,
    );
  }
  // A new line (xmax = 0: inserted, not merged) beyond the limit is taken back.
  if (row.inserted && lines >= MAX_CART_LINES) {
    await db.delete(cartItems).where(eq(cartItems.id, row.id));
    throw new AppError('cart_full', `A cart holds at most ${MAX_CART_LINES} different lines.`, 422);
  }
  return getCart(db, userId);
}

/** Sets a line's quantity; 0 or less deletes the line (spec section 4). */
export async function setCartQuantity(db: Database, userId: string, lineId: string, quantity: number): Promise<Cart> {
  if (quantity <= 0) return removeCartLine(db, userId, lineId);
  const [line] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)));
  if (!line) throw lineNotFound();
  checkQuantity(await productForSale(db, line.productId), line.paymentMode, quantity);
  await db.update(cartItems).set({ quantity, updatedAt: new Date() }).where(eq(cartItems.id, lineId));
  return getCart(db, userId);
}

export async function removeCartLine(db: Database, userId: string, lineId: string): Promise<Cart> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw lineNotFound();
  return getCart(db, userId);
}

export async function clearCart(db: Database, userId: string): Promise<Cart> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  return getCart(db, userId);
}

/**
 * The lines of one payment mode a checkout buys (cash for an order, loan for credit
 * applications), locked until its transaction ends: a second checkout of the same cart (another
 * tab, another key) waits, then finds the lines gone.
 */
export async function takeCartLines(
  tx: Tx,
  userId: string,
  mode: 'cash' | 'loan',
): Promise<{ id: string; productId: string; quantity: number }[]> {
  return tx
    .select({ id: cartItems.id, productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.paymentMode, mode)))
    .orderBy(asc(cartItems.createdAt))
    .for('update');
}

/** Removes lines a checkout has turned into an order. */
export async function removeCartLines(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(cartItems).where(inArray(cartItems.id, ids));
}
