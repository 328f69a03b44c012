import { z } from 'zod';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Empty strings and the words 'undefined' and 'null' count as an absent id (spec section 5). */
export function isAbsentId(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'undefined' || trimmed === 'null';
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

export type IdCheck = { ok: true; id: string } | { ok: false; message: string };

/**
 * Checks an id the way the spec asks: absent or not UUID-shaped gives
 * 'Invalid {label}. Please ensure you are properly authenticated.'
 */
export function checkId(value: unknown, label: string): IdCheck {
  if (isAbsentId(value) || !isUuid(value)) {
    return { ok: false, message: `Invalid ${label}. Please ensure you are properly authenticated.` };
  }
  return { ok: true, id: value.toLowerCase() };
}

/** A UUID-shaped id, refused with the spec's message for `label` (spec section 5); lower-cased. */
export const uuidSchema = (label: string) =>
  z.string({ error: `Invalid ${label}. Please ensure you are properly authenticated.` }).transform((value, ctx) => {
    const check = checkId(value, label);
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', message: check.message });
      return z.NEVER;
    }
    return check.id;
  });
