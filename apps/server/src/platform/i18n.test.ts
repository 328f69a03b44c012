import { describe, expect, it } from 'vitest';
import { languageFromHeader, textsFor } from './i18n.ts';

describe('the server speaks the reader’s language', () => {
  it('picks the first language it speaks from Accept-Language, by weight', () => {
    expect(languageFromHeader('sw-KE,sw;q=0.9,en;q=0.8')).toBe('swahili');
    expect(languageFromHeader('fr-FR, lg;q=0.5, en;q=0.4')).toBe('luganda');
    expect(languageFromHeader('en;q=0.2, lg;q=0.9')).toBe('luganda');
    expect(languageFromHeader('lg;q=0, sw;q=0.1')).toBe('swahili');
    expect(languageFromHeader('fr, de')).toBe('english');
    expect(languageFromHeader('')).toBe('english');
    expect(languageFromHeader(undefined)).toBe('english');
    expect(languageFromHeader(';;;q=abc,,,')).toBe('english');
  });

  it('reads an unknown stored language as English', () => {
    expect(textsFor('klingon').language).toBe('english');
    expect(textsFor(null).language).toBe('english');
  });

  it('counts with each language’s plural rules', () => {
    expect(textsFor('english').t('days', { count: 1 })).toBe('1 day');
    expect(textsFor('english').t('days', { count: 3 })).toBe('3 days');
    expect(textsFor('luganda').t('days', { count: 1 })).toBe('olunaku 1');
    expect(textsFor('luganda').t('days', { count: 4 })).toBe('ennaku 4');
    expect(textsFor('swahili').t('days', { count: 2 })).toBe('siku 2');
  });

  it('writes money the same in every language and days and times on Kampala’s clock in the reader’s', () => {
    expect(textsFor('luganda').money(1_250_000)).toBe('UGX 1,250,000');
    expect(textsFor('english').day('2026-11-25')).toBe('25 Nov 2026');
    expect(textsFor('swahili').day('2026-11-25')).toMatch(/25 Nov(emba)? 2026/);
    // 21:30 UTC is 00:30 the next day in Kampala.
    expect(textsFor('english').dateTime('2026-01-01T21:30:00Z')).toBe('2 Jan 2026, 00:30');
  });
});
