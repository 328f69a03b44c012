import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export type Totals = { total: number; count: number };

/**
 * Totals grouped by a key (an agent, say) answered for every key asked about: one with no rows
 * in the group gets zero, so a page of many is answered from one grouped query.
 */
export function totalsFor(keys: string[], rows: { key: string | null; total: number; count: number }[]) {
  const found = new Map(rows.map((r) => [r.key, r]));
  return new Map<string, Totals>(
    keys.map((key) => [key, { total: found.get(key)?.total ?? 0, count: found.get(key)?.count ?? 0 }]),
  );
}

/** The select fields of a grouped total: the sum of `amount` (0 when none) and how many rows. */
export const totalColumns = (amount: AnyPgColumn) => ({
  total: sql<number>`coalesce(sum(${amount}), 0)::bigint`.mapWith(Number),
  count: sql<number>`count(*)::int`.mapWith(Number),
});
