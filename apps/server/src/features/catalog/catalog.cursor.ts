import type { ProductSort } from '@ecogrid/core';
import { badRequest } from '#src/platform/errors.ts';

/** A keyset position: the sort it belongs to, the last row's sort value and its id. */
export type CatalogCursor = { sort: ProductSort; value: string | number; id: string };

export function encodeCursor(cursor: CatalogCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id])).toString('base64url');
}

export function decodeCursor(text: string, sort: ProductSort): CatalogCursor {
  const invalid = badRequest('The cursor is not valid for this list. Start again from the first page.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid;
  const [cursorSort, value, id] = parsed as unknown[];
  const valueOk =
    sort === 'price_asc' || sort === 'price_desc' ? Number.isSafeInteger(value) : typeof value === 'string';
  if (cursorSort !== sort || !valueOk || typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id)) throw invalid;
  return { sort, value: value as string | number, id };
}
