/** Whether a database error (or one it wraps, as Drizzle does) has this PostgreSQL SQLSTATE code. */
export function hasPgCode(error: unknown, code: '23503' | '23505' | '23514' | '40001' | '40P01'): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as { code?: unknown }).code === code || hasPgCode((error as { cause?: unknown }).cause, code);
}

/** Whether a database error (or one it wraps) broke the named constraint. */
export function isConstraintViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { constraint?: unknown; message?: unknown; cause?: unknown };
  if (e.constraint === constraint) return true;
  if (typeof e.message === 'string' && e.message.includes(`"${constraint}"`)) return true;
  return isConstraintViolation(e.cause, constraint);
}

export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';
