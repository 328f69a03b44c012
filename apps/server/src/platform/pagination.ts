import type { Page } from '@ecogrid/core/page';
import { isUuid } from '@ecogrid/core';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './errors.ts';

export type { Page } from '@ecogrid/core/page';
export type PageQuery = { limit: number; cursor?: string | undefined };

/** Every list answers a cursor it did not hand out this way: 400, never a database error. */
export const invalidCursor = (message = 'The cursor is not valid. Start again from the first page.') =>
  new AppError('invalid_cursor', message, 400);

/** A timestamp as a cursor carries it: ISO 8601, or PostgreSQL's text form (microseconds kept). */
const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.\d{1,6})?(?:Z|[+-](\d\d)(?::?(\d\d))?)$/;

/**
 * Whether `text` is a timestamp PostgreSQL takes as it is: the shape alone lets through a
 * 13th month, a 31st of February or a time zone of +99 hours, which the database refuses.
 */
export function isCursorTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, zoneHours = 0, zoneMinutes = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return (
    year! >= 1 &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= daysInMonth &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    zoneHours <= 15 &&
    zoneMinutes <= 59
  );
}

/** The two parts of a (created_at, id) cursor, each checked, or an invalid_cursor error. */
export function decodeTimeCursor(cursor: string): { at: string; key: string } {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [at, key] = parts;
  if (parts.length !== 2 || !at || !key || !isCursorTimestamp(at) || !isUuid(key)) throw invalidCursor();
  return { at, key };
}

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
  const { at, key } = decodeTimeCursor(cursor);
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
