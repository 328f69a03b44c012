import type { ReportFilters, ReportTable } from '@ecogrid/core/reports';
import type { Database } from '#src/db/client.ts';
import type { DateRange } from '#src/platform/date-range.ts';
import { productStock } from '#src/features/catalog/stock.service.ts';
import { salesGrouped, type SalesFilter } from '#src/features/orders/orders.service.ts';
import { namesOf, table } from './report-table.ts';

/**
 * Sales: the goods of orders paid in the range (cash and credit, delivery fees aside), by
 * payment mode, day, product, category, delivery district and selling agent. Categories are the
 * catalogue's (hundreds of products), put together from the sales by product.
 */
export async function salesReport(db: Database, range: DateRange, filters: ReportFilters): Promise<ReportTable[]> {
  const products = await productStock(db);
  const inCategory = filters.category ? products.filter((p) => p.category === filters.category) : null;
  const filter: SalesFilter = {
    district: filters.district,
    agentId: filters.agentId,
    productIds: inCategory?.map((p) => p.id),
  };
  const [byMode, byProduct, byDistrict, byAgent] = await Promise.all(
    (['mode', 'product', 'district', 'agent'] as const).map((by) => salesGrouped(db, range, by, filter)),
  );
  const names = await namesOf(
    db,
    byAgent!.map((r) => r.key),
  );
  const productById = new Map(products.map((p) => [p.id, p]));
  const categories = new Map<string, { name: string; amount: number; units: number; orders: number }>();
  for (const row of byProduct!) {
    const product = productById.get(row.key ?? '');
    const slug = product?.category ?? '';
    const sum = categories.get(slug) ?? { name: product?.categoryName ?? slug, amount: 0, units: 0, orders: 0 };
    categories.set(slug, {
      ...sum,
      amount: sum.amount + row.amount,
      units: sum.units + row.units,
      orders: sum.orders + row.orders,
    });
  }
  const days = new Map<string, { cash: number; credit: number }>();
  const [cash, credit] = await Promise.all(
    [false, true].map((onCredit) => salesGrouped(db, range, 'day', { ...filter, onCredit })),
  );
  for (const r of cash!) days.set(r.key!, { cash: r.amount, credit: 0 });
  for (const r of credit!) days.set(r.key!, { cash: days.get(r.key!)?.cash ?? 0, credit: r.amount });
  return [
    table(
      'by_mode',
      'bar',
      ['mode:code', 'amount:money', 'orders:count', 'units:count'],
      byMode!.map((r) => [r.key, r.amount, r.orders, r.units]),
    ),
    table(
      'by_day',
      'line',
      ['day:day', 'cash:money', 'credit:money'],
      [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, v]) => [day, v.cash, v.credit]),
    ),
    table(
      'by_product',
      'bar',
      ['product:text', 'amount:money', 'units:count', 'orders:count'],
      byProduct!.map((r) => [r.name, r.amount, r.units, r.orders]),
    ),
    table(
      'by_category',
      'bar',
      ['category:text', 'amount:money', 'units:count'],
      [...categories.values()].sort((a, b) => b.amount - a.amount).map((c) => [c.name, c.amount, c.units]),
    ),
    table(
      'by_district',
      'bar',
      ['district:text', 'amount:money', 'orders:count'],
      byDistrict!.map((r) => [r.key, r.amount, r.orders]),
    ),
    table(
      'by_agent',
      'bar',
      ['agent:text', 'amount:money', 'orders:count'],
      byAgent!.map((r) => [r.key ? (names.get(r.key) ?? null) : null, r.amount, r.orders]),
    ),
  ];
}
