import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '#src/db/client.ts';

/** What the sales report may be narrowed to: a district, the agent who sold, some products, cash or credit. */
export type SalesFilter = {
  district?: string | undefined;
  agentId?: string | undefined;
  productIds?: string[] | undefined;
  onCredit?: boolean | undefined;
};

/** How the sales are grouped: cash or credit, Kampala day, product, delivery district, selling agent. */
export type SalesGrouping = 'mode' | 'day' | 'product' | 'district' | 'agent';

/** One group's sales: its key (null: no district, no agent), a name for products, amount, orders, units. */
export type SalesGroup = { key: string | null; name: string | null; amount: number; orders: number; units: number };

const GROUP_KEYS: Record<SalesGrouping, SQL> = {
  mode: sql`case when o.on_credit then 'credit' else 'cash' end`,
  day: sql`to_char((o.paid_at at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD')`,
  product: sql`l.product_id::text`,
  district: sql`o.district`,
  agent: sql`o.sold_by`,
};

/**
 * Sales in [start, end): the lines of orders paid then and not cancelled since, by price of the
 * goods (delivery fees are not sales), grouped one way. A credit order is paid when its loan's
 * deposit is, at its credit price. One grouped query through orders_paid_idx and order_lines_order_idx.
 */
export async function salesGrouped(
  db: Database,
  range: { start: Date; end: Date },
  by: SalesGrouping,
  filter: SalesFilter = {},
): Promise<SalesGroup[]> {
  const where = [
    sql`o.paid_at >= ${range.start.toISOString()} and o.paid_at < ${range.end.toISOString()}`,
    sql`o.status <> 'cancelled'`,
  ];
  if (filter.district) where.push(sql`o.district = ${filter.district}`);
  if (filter.agentId) where.push(sql`o.sold_by = ${filter.agentId}`);
  if (filter.onCredit !== undefined) where.push(sql`o.on_credit = ${filter.onCredit}`);
  if (filter.productIds) {
    if (filter.productIds.length === 0) return [];
    where.push(
      sql`l.product_id in (${sql.join(
        filter.productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  const key = GROUP_KEYS[by];
  return queryRows<SalesGroup>(
    db,
    sql`select ${key} as key, ${by === 'product' ? sql`min(l.name)` : sql`null`} as name,
          coalesce(sum(l.line_total), 0)::bigint::float8 as amount,
          count(distinct o.id)::int as orders, coalesce(sum(l.quantity), 0)::int as units
        from orders o join order_lines l on l.order_id = o.id
        where ${sql.join(where, sql` and `)}
        group by 1 order by amount desc, 1`,
  );
}
