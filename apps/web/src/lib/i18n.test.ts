// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLanguageOf, changeLanguage, i18n, initI18n, languageCodeOf } from './i18n.ts';

beforeAll(async () => {
  await initI18n();
});
afterAll(async () => changeLanguage('en'));

describe('languages', () => {
  it.each([
    ['en', '1 month', '3 months'],
    ['lg', 'Omwezi 1', 'Emyezi 3'],
    ['sw', 'Mwezi 1', 'Miezi 3'],
  ] as const)('words one and several by the plural rules of %s', async (code, one, several) => {
    await changeLanguage(code);
    expect(i18n.t('catalog.months', { count: 1 })).toBe(one);
    expect(i18n.t('catalog.months', { count: 3 })).toBe(several);
  });

  it("maps the screen's language codes to the account's words and back", () => {
    expect(accountLanguageOf('lg')).toBe('luganda');
    expect(languageCodeOf('swahili')).toBe('sw');
    expect(languageCodeOf('french')).toBeUndefined();
  });
});
