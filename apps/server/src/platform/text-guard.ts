import type { MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * U+0000, or half of a surrogate pair without its other half. PostgreSQL stores neither in text
 * (a NUL ends a C string; a lone surrogate has no UTF-8 form), so either one would reach the
 * database and fail there.
 */
export const hasBadText = (value: string) => value.includes('\u0000') || LONE_SURROGATE.test(value);

/** Bodies read whole for the check; anything larger is left to the route's own limits. */
const MAX_CHECKED_BODY = 1024 * 1024;

const invalidText = (where: string) =>
  new AppError(
    'invalid_text',
    `The ${where} contains a character that is not allowed (a NUL character or half of a surrogate pair). Remove it and try again.`,
    400,
  );

/** Whether any string in a parsed JSON value, object keys included, holds bad text. */
function badStringIn(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (hasBadText(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (hasBadText(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** A percent-encoded part of the address, decoded; one that does not decode is checked as it is. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/**
 * One check at the API's edge: a NUL or a lone surrogate anywhere in the path, the query string
 * or a JSON (or form) body is answered 400 invalid_text before any route, the auth library
 * included, sees it. The body is read from a copy, so the route still reads the original.
 */
export function rejectBadText(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.split('/').some((segment) => hasBadText(decoded(segment)))) throw invalidText('address');
    for (const [key, value] of url.searchParams) {
      if (hasBadText(key) || hasBadText(value)) throw invalidText(`query parameter "${key.slice(0, 40)}"`);
    }
    const type = c.req.header('content-type') ?? '';
    const length = Number(c.req.header('content-length') ?? 0);
    const isJson = /^application\/(.+\+)?json\b/i.test(type);
    const isForm = /^application\/x-www-form-urlencoded\b/i.test(type);
    if (c.req.raw.body && (isJson || isForm) && length <= MAX_CHECKED_BODY) {
      const text = await c.req.raw.clone().text();
      if (text.length <= MAX_CHECKED_BODY) {
        if (isForm) {
          for (const [key, value] of new URLSearchParams(text)) {
            if (hasBadText(key) || hasBadText(value)) throw invalidText('form');
          }
        } else {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: the route answers that itself.
            body = undefined;
          }
          if (badStringIn(body)) throw invalidText('request body');
        }
      }
    }
    await next();
  };
}
