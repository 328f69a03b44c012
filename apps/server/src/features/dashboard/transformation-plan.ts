import { impactFigures, type Impact } from '@ecogrid/core/impact';
import type { Database } from '#src/db/client.ts';
import { productsForSale } from '#src/features/catalog/stock.service.ts';
import { powerDaysByProduct } from '#src/features/loans/loans.service.ts';
import { salesReach } from '#src/features/orders/orders.service.ts';

/**
 * The transformation plan's live figures: units sold and households served from the orders, days
 * of power from the tokens (by product, then by the product's category), in three aggregate
 * queries however much was sold.
 */
export async function transformationPlan(db: Database): Promise<Impact> {
  const [reach, daysByProduct] = await Promise.all([salesReach(db), powerDaysByProduct(db)]);
  const products = await productsForSale(db, [...daysByProduct.keys()]);
  const powerDaysByCategory: Record<string, number> = {};
  for (const [productId, days] of daysByProduct) {
    const category = products.get(productId)?.category ?? 'other';
    powerDaysByCategory[category] = (powerDaysByCategory[category] ?? 0) + days;
  }
  return impactFigures({ ...reach, powerDaysByCategory });
}
