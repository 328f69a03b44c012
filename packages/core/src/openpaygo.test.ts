import { describe, expect, it } from 'vitest';
// The official test vectors, kept in the repository (packages/core/testdata/openpaygo).
import officialVectors from '../testdata/openpaygo/test_tokens.jsonl?raw';
import { decodeToken, generateToken, nextCount, sipHash24, type OpenPaygoTokenType } from './openpaygo.ts';

type Vector = {
  serial_number: string;
  starting_code: number;
  key: string;
  count: number;
  token_type: OpenPaygoTokenType;
  value_raw: number | null;
  restricted_digit_set: boolean;
  extended_token: boolean;
  new_count: number;
  token: string;
};

const vectors = officialVectors
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as Vector);

describe('OpenPAYGO Token', () => {
  it('has all 80 official vectors to check against', () => {
    expect(vectors).toHaveLength(80);
  });

  it.each(vectors.map((v, i) => [i + 1, v] as const))('reproduces official vector %i', (_line, vector) => {
    const token = generateToken({
      key: vector.key,
      startingCode: vector.starting_code,
      count: vector.count,
      type: vector.token_type,
      value: vector.value_raw ?? undefined,
      restrictedDigitSet: vector.restricted_digit_set,
      extended: vector.extended_token,
    });
    expect(token).toEqual({ token: vector.token, newCount: vector.new_count });
  });

  it('moves the count to even for ADD_TIME and to odd for the other types', () => {
    expect([0, 1, 2, 3].map((c) => nextCount(c, 'ADD_TIME'))).toEqual([2, 2, 4, 4]);
    expect([0, 1, 2, 3].map((c) => nextCount(c, 'DISABLE_PAYG'))).toEqual([1, 3, 3, 5]);
  });

  it('refuses values it cannot carry', () => {
    const base = { key: vectors[0]!.key, startingCode: vectors[0]!.starting_code, count: 1 };
    expect(() => generateToken({ ...base, type: 'ADD_TIME', value: 996 })).toThrow(/between 0 and 995/);
    expect(() => generateToken({ ...base, type: 'ADD_TIME' })).toThrow(/needs a value/);
    expect(() => generateToken({ ...base, type: 'DISABLE_PAYG', value: 1 })).toThrow(/takes no value/);
    expect(() => generateToken({ ...base, key: 'xyz', type: 'ADD_TIME', value: 1 })).toThrow(/32 hexadecimal/);
    expect(generateToken({ ...base, type: 'ADD_TIME', value: 996, extended: true }).token).toHaveLength(12);
  });

  it('computes SipHash-2-4 as its reference test vector says', () => {
    // The SipHash paper's vector: key 00..0f, message 00..0e → a129ca6149be45e5.
    const key = Uint8Array.from({ length: 16 }, (_, i) => i);
    const message = Uint8Array.from({ length: 15 }, (_, i) => i);
    expect(sipHash24(key, message).toString(16)).toBe('a129ca6149be45e5');
  });
});

describe('decoding an OpenPAYGO token as a device does', () => {
  it.each(vectors.map((v, i) => [i + 1, v] as const))('reads official vector %i back', (_line, vector) => {
    const decoded = decodeToken({
      key: vector.key,
      startingCode: vector.starting_code,
      lastCount: vector.count,
      token: vector.token,
      restrictedDigitSet: vector.restricted_digit_set,
      extended: vector.extended_token,
    });
    expect(decoded).toEqual({ type: vector.token_type, count: vector.new_count, value: vector.value_raw });
  });

  it('refuses a token whose count the device has passed, or that is not its own', () => {
    const vector = vectors[0]!;
    const device = { key: vector.key, startingCode: vector.starting_code, token: vector.token };
    expect(decodeToken({ ...device, lastCount: vector.new_count })).toBeNull();
    expect(decodeToken({ ...device, lastCount: 0, key: 'ff'.repeat(16) })).toBeNull();
  });
});
