import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors.ts';

export type Page<T> = { items: T[]; nextCursor: string | null };
export type PageQuery = { limit: number; cursor?: string | undefined };

/** A timestamp as a cursor carries it: ISO 8601, or PostgreSQL's text form (microseconds kept). */
const TIMESTAMP = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?(Z|[+-]\d\d(:?\d\d)?)$/;

/**
 * Keyset paging by (created_at, id), newest first unless `direction` is 'asc': the cursor names
 * the last row of the previous page, so rows added meanwhile never shift a page or repeat.
 */
export function after(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  cursor: string | undefined,
  direction: 'asc' | 'desc' = 'desc',
): SQL | undefined {
  if (!cursor) return undefined;
  const [at, key] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !key || !TIMESTAMP.test(at)) {
    throw badRequest('The cursor is not valid. Start again from the first page.');
  }
  return direction === 'asc'
    ? sql`(${createdAt}, ${id}) > (${at}::timestamptz, ${key})`
    : sql`(${createdAt}, ${id}) < (${at}::timestamptz, ${key})`;
}

/**
 * One page from `limit + 1` rows fetched in order: the extra row only says there is more. A
 * `created_at` read in Drizzle's 'string' mode goes into the cursor as PostgreSQL wrote it, to the
 * microsecond; a Date only to the millisecond.
 */
export function toPage<Row extends { createdAt: Date | string; id: string }, T>(
  rows: Row[],
  limit: number,
  map: (row: Row) => T,
): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(map),
    nextCursor:
      rows.length > limit && last
        ? Buffer.from(
            `${typeof last.createdAt === 'string' ? last.createdAt : last.createdAt.toISOString()}|${last.id}`,
          ).toString('base64url')
        : null,
  };
}
