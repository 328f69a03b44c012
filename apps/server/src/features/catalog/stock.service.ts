import type { TaxClass } from '@ecogrid/core/orders';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { products, stockMovements } from '#src/db/schema/catalog.ts';
import { AppError } from '#src/platform/errors.ts';

/** What a cart or an order needs to know of a product. */
export type ProductForSale = {
  id: string;
  name: string;
  sku: string;
  /** The category slug. */
  category: string;
  price: number;
  imageUrl: string | null;
  stock: number;
  active: boolean;
  loanEligible: boolean;
  taxClass: TaxClass;
  /** The warranty a unit of it carries from delivery. */
  warrantyMonths: number;
};

const forSale = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  category: products.category,
  price: products.price,
  images: products.images,
  stock: products.stock,
  active: products.active,
  loanEligible: products.loanEligible,
  taxClass: products.taxClass,
  specs: products.specs,
};

function toForSale(row: {
  id: string;
  name: string;
  sku: string;
  category: string;
  price: number;
  images: string[];
  stock: number;
  active: boolean;
  loanEligible: boolean;
  taxClass: TaxClass;
  specs: { warrantyMonths: number };
}): ProductForSale {
  const { images, specs, ...rest } = row;
  return { ...rest, imageUrl: images[0] ?? null, warrantyMonths: specs.warrantyMonths };
}

/** The products with these ids (inactive ones included), by id. */
export async function productsForSale(db: Database | Tx, ids: string[]): Promise<Map<string, ProductForSale>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(forSale).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, toForSale(row)]));
}

/**
 * Locks the rows of these products until the caller's transaction ends (in id order, as
 * reserveStock takes them, so two sales never wait on each other in a cycle): what the caller
 * reads of them afterwards, price included, is what its order or loans will get.
 */
export async function lockProductsForSale(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id)
    .for('update');
}

/** One product for sale, or null when there is no such product. */
export async function productForSale(db: Database | Tx, id: string): Promise<ProductForSale | null> {
  const [row] = await db.select(forSale).from(products).where(eq(products.id, id));
  return row ? toForSale(row) : null;
}

/** The products with these SKUs, given in capitals (inactive ones included), by SKU in capitals. */
export async function productsBySku(db: Database | Tx, skus: string[]): Promise<Map<string, ProductForSale>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select(forSale)
    .from(products)
    .where(inArray(sql`upper(${products.sku})`, skus));
  return new Map(rows.map((row) => [row.sku.toUpperCase(), toForSale(row)]));
}

export const outOfStockMessage = (name: string, left: number) =>
  left <= 0 ? `${name} is out of stock.` : `Only ${left} of ${name} left in stock.`;

/**
 * Takes the units an order needs out of stock, in the order's transaction: one
 * `UPDATE … SET stock = stock - n WHERE stock >= n AND active` per product, in id order (so two
 * orders never wait on each other in a cycle). A unit is never sold twice: the row lock and the
 * condition make a second order see the stock the first left. The units count as reserved until
 * the order is handed over (handOverStock) or gives them back (releaseStock). Any line that cannot be had
 * fails the whole order (409) and, with the transaction, gives back what was taken.
 */
export async function reserveStock(
  tx: Tx,
  orderId: string,
  lines: { productId: string; quantity: number }[],
): Promise<Map<string, ProductForSale>> {
  const taken = new Map<string, ProductForSale>();
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const [row] = await tx
      .update(products)
      // The units stay where they are until handed over: reserved, not gone (decision 024).
      .set({ stock: sql`${products.stock} - ${line.quantity}`, reserved: sql`${products.reserved} + ${line.quantity}` })
      .where(
        and(eq(products.id, line.productId), eq(products.active, true), sql`${products.stock} >= ${line.quantity}`),
      )
      .returning(forSale);
    if (!row) {
      const product = await productForSale(tx, line.productId);
      if (!product || !product.active) {
        throw new AppError('product_unavailable', `${product?.name ?? 'A product'} is no longer sold.`, 409);
      }
      throw new AppError('out_of_stock', outOfStockMessage(product.name, product.stock), 409);
    }
    await tx.insert(stockMovements).values({
      productId: line.productId,
      kind: 'order_reserved',
      change: -line.quantity,
      stockAfter: row.stock,
      orderId,
    });
    taken.set(row.id, toForSale(row));
  }
  return taken;
}

/** Puts an order's units back in stock (the order was cancelled or its payment failed), in its transaction. */
export async function releaseStock(
  tx: Tx,
  orderId: string,
  lines: { productId: string; quantity: number }[],
): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const [row] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, reserved: sql`${products.reserved} - ${line.quantity}` })
      .where(eq(products.id, line.productId))
      .returning({ stock: products.stock });
    await tx.insert(stockMovements).values({
      productId: line.productId,
      kind: 'order_released',
      change: line.quantity,
      stockAfter: row!.stock,
      orderId,
    });
  }
}

export { productStock, stockMovementsByProduct } from './stock-report.ts';
