import { LOW_STOCK_DEFAULT, type ReportFilters, type ReportTable } from '@ecogrid/core/reports';
import type { Database } from '#src/db/client.ts';
import type { DateRange } from '#src/platform/date-range.ts';
import { productStock, stockMovementsByProduct } from '#src/features/catalog/stock.service.ts';
import { table } from './report-table.ts';

/**
 * Stock, as the catalogue keeps it (a count per product and every change to it): units on hand
 * now and their value at today's price, the movements of the range by kind, and the products on
 * sale at or under the low-stock line (LOW_STOCK_DEFAULT unless the report is told another).
 */
export async function stockReport(db: Database, range: DateRange, filters: ReportFilters): Promise<ReportTable[]> {
  const [products, moves] = await Promise.all([productStock(db, filters.category), stockMovementsByProduct(db, range)]);
  const line = filters.lowStock ?? LOW_STOCK_DEFAULT;
  const change = (productId: string, kind: string) =>
    moves.find((m) => m.productId === productId && m.kind === kind)?.change ?? 0;
  const moved = products.filter((p) => moves.some((m) => m.productId === p.id));
  return [
    table(
      'on_hand',
      'bar',
      ['product:text', 'stock:count', 'value:money', 'sku:text', 'category:text'],
      products.map((p) => [p.name, p.stock, p.stock * p.price, p.sku, p.categoryName]),
    ),
    table(
      'movements',
      'bar',
      ['product:text', 'adjusted:count', 'reserved:count', 'released:count', 'net:count'],
      moved.map((p) => {
        const [adjusted, reserved, released] = ['adjustment', 'order_reserved', 'order_released'].map((k) =>
          change(p.id, k),
        );
        return [p.name, adjusted!, reserved!, released!, adjusted! + reserved! + released!];
      }),
    ),
    table(
      'low_stock',
      'bar',
      ['product:text', 'stock:count', 'sku:text', 'category:text'],
      products
        .filter((p) => p.active && p.stock <= line)
        .sort((a, b) => a.stock - b.stock)
        .map((p) => [p.name, p.stock, p.sku, p.categoryName]),
    ),
  ];
}
