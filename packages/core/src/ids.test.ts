import { describe, expect, it } from 'vitest';
import { checkId, isAbsentId, isUuid } from './ids.ts';

describe('isUuid', () => {
  it('accepts UUID-shaped strings in either case', () => {
    expect(isUuid('3f2c1b9e-8d4a-4c7e-9b1f-0a2d3e4f5a6b')).toBe(true);
    expect(isUuid('3F2C1B9E-8D4A-4C7E-9B1F-0A2D3E4F5A6B')).toBe(true);
  });

  it('rejects anything else', () => {
    expect(isUuid('3f2c1b9e8d4a4c7e9b1f0a2d3e4f5a6b')).toBe(false);
    expect(isUuid('3f2c1b9e-8d4a-4c7e-9b1f-0a2d3e4f5a6')).toBe(false);
    expect(isUuid('zzzzzzzz-8d4a-4c7e-9b1f-0a2d3e4f5a6b')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});

describe('isAbsentId', () => {
  it("treats empty, 'undefined' and 'null' as absent", () => {
    for (const value of ['', '  ', 'undefined', 'null', undefined, null]) {
      expect(isAbsentId(value)).toBe(true);
    }
    expect(isAbsentId('abc')).toBe(false);
  });
});

describe('checkId', () => {
  it('returns the spec message for an absent or malformed id', () => {
    expect(checkId('null', 'user ID')).toEqual({
      ok: false,
      message: 'Invalid user ID. Please ensure you are properly authenticated.',
    });
    expect(checkId('not-a-uuid', 'user ID')).toMatchObject({ ok: false });
  });

  it('normalises a valid id to lower case', () => {
    expect(checkId('3F2C1B9E-8D4A-4C7E-9B1F-0A2D3E4F5A6B', 'user ID')).toEqual({
      ok: true,
      id: '3f2c1b9e-8d4a-4c7e-9b1f-0a2d3e4f5a6b',
    });
  });
});
