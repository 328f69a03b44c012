import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors.ts';

export type Page<T> = { items: T[]; nextCursor: string | null };
export type PageQuery = { limit: number; cursor?: string | undefined };

/**
 * Keyset paging, newest first by (created_at, id): the cursor names the last row of the
 * previous page, so rows added meanwhile never shift a page or repeat.
 */
export function after(createdAt: AnyPgColumn, id: AnyPgColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [at, key] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !key || Number.isNaN(Date.parse(at))) {
    throw badRequest('The cursor is not valid. Start again from the first page.');
  }
  return sql`(${createdAt}, ${id}) < (${at}::timestamptz, ${key})`;
}

/** One page from `limit + 1` rows fetched in order: the extra row only says there is more. */
export function toPage<Row extends { createdAt: Date; id: string }, T>(
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
        ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString('base64url')
        : null,
  };
}
