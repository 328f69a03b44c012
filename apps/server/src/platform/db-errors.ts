/** Whether a database error (or one it wraps, as Drizzle does) has this PostgreSQL SQLSTATE code. */
export function hasPgCode(error: unknown, code: '23503' | '23505'): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as { code?: unknown }).code === code || hasPgCode((error as { cause?: unknown }).cause, code);
}

export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';
