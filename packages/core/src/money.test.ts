import { describe, expect, it } from 'vitest';
import { formatUgx, isUgxAmount, parseUgx } from './money.ts';

describe('formatUgx', () => {
  it('prefixes the code and groups digits by thousands', () => {
    expect(formatUgx(1_250_000)).toBe('UGX 1,250,000');
    expect(formatUgx(999)).toBe('UGX 999');
    expect(formatUgx(0)).toBe('UGX 0');
  });

  it('formats bigint amounts from the database exactly', () => {
    expect(formatUgx(12_345_678_901_234_567n)).toBe('UGX 12,345,678,901,234,567');
  });

  it('shows a negative amount with a leading minus', () => {
    expect(formatUgx(-15_000)).toBe('-UGX 15,000');
  });

  it('refuses fractions of a shilling', () => {
    expect(() => formatUgx(10.5)).toThrow(RangeError);
  });
});

describe('parseUgx', () => {
  it('reads grouped and prefixed amounts', () => {
    expect(parseUgx('1,250,000')).toBe(1_250_000);
    expect(parseUgx('UGX 15000')).toBe(15_000);
    expect(parseUgx(' 2 500 ')).toBe(2_500);
  });

  it('rejects fractions, signs and words', () => {
    expect(parseUgx('10.5')).toBeNull();
    expect(parseUgx('-100')).toBeNull();
    expect(parseUgx('ten')).toBeNull();
    expect(parseUgx('')).toBeNull();
  });
});

describe('isUgxAmount', () => {
  it('accepts whole non-negative numbers only', () => {
    expect(isUgxAmount(0)).toBe(true);
    expect(isUgxAmount(150_000)).toBe(true);
    expect(isUgxAmount(1.5)).toBe(false);
    expect(isUgxAmount(-1)).toBe(false);
    expect(isUgxAmount('100')).toBe(false);
    expect(isUgxAmount(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
  });
});
