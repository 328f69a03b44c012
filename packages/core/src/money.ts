/**
 * Money is a whole number of Uganda shillings. UGX has no minor unit, so an amount
 * is an integer (a `number` within the safe range, or a `bigint` from the database).
 */
export type Ugx = number | bigint;

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** True for a whole, non-negative amount that JavaScript can hold exactly. */
export function isUgxAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Formats an amount as the spec shows it: the code, a space, digits grouped by thousands. */
export function formatUgx(amount: Ugx): string {
  if (typeof amount === 'number' && !Number.isInteger(amount)) {
    throw new RangeError(`UGX amounts are whole shillings, got ${amount}`);
  }
  const negative = amount < 0;
  const digits = grouping.format(negative ? -amount : amount);
  return `${negative ? '-' : ''}UGX ${digits}`;
}

/**
 * Reads a user-typed amount ("1,250,000", "UGX 15000", " 2 500 ") into whole shillings.
 * Returns null for anything that is not a whole, non-negative number of shillings.
 */
export function parseUgx(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^UGX\s*/i, '')
    .replace(/[,\s]/g, '');
  if (!/^\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isSafeInteger(value) ? value : null;
}
