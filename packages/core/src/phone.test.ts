import { describe, expect, it } from 'vitest';
import { guessNetwork, normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it('accepts Ugandan numbers in local and international forms, as E.164', () => {
    for (const input of [
      '0772123456',
      '0772 123 456',
      '772123456',
      '+256772123456',
      '256772123456',
      '+256 (772) 123-456',
    ]) {
      expect(normalizePhone(input), input).toBe('+256772123456');
    }
    expect(normalizePhone('0701234567')).toBe('+256701234567');
  });

  it('keeps other countries when the code is given', () => {
    expect(normalizePhone('+254712345678')).toBe('+254712345678');
  });

  it('refuses what is not a valid number', () => {
    for (const input of ['', 'abc', '0772', '07721234567890', '+256 123', 'null']) {
      expect(normalizePhone(input), input).toBeNull();
    }
  });
});

describe('guessNetwork', () => {
  it('reads MTN and Airtel prefixes', () => {
    expect(guessNetwork('+256772123456')).toBe('mtn');
    expect(guessNetwork('+256781234567')).toBe('mtn');
    expect(guessNetwork('+256701234567')).toBe('airtel');
    expect(guessNetwork('+256751234567')).toBe('airtel');
    expect(guessNetwork('+254712345678')).toBeNull();
  });
});
