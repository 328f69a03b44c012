import { isUuid, type ProductSort } from '@ecogrid/core';
import { invalidCursor, isCursorTimestamp } from '#src/platform/pagination.ts';
import { hasBadText } from '#src/platform/text-guard.ts';

/** A keyset position: the sort it belongs to, the last row's sort value and its id. */
export type CatalogCursor = { sort: ProductSort; value: string | number; id: string };

export function encodeCursor(cursor: CatalogCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id])).toString('base64url');
}

/** Whether a cursor's sort value is one its sort could have written: a price, a timestamp, a name. */
function valueFits(sort: ProductSort, value: unknown): boolean {
  if (sort === 'price_asc' || sort === 'price_desc') return Number.isSafeInteger(value) && (value as number) >= 0;
  if (typeof value !== 'string') return false;
  return sort === 'newest' ? isCursorTimestamp(value) : value.length <= 1000 && !hasBadText(value);
}

export function decodeCursor(text: string, sort: ProductSort): CatalogCursor {
  const invalid = invalidCursor('The cursor is not valid for this list. Start again from the first page.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid;
  const [cursorSort, value, id] = parsed as unknown[];
  if (cursorSort !== sort || !valueFits(sort, value) || !isUuid(id)) throw invalid;
  return { sort, value: value as string | number, id };
}
