import { ERROR_CODES, type ErrorCode } from '@ecogrid/core/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { CATALOGUES } from '../locales/catalogues.ts';
import { codeMessage, errorMessage } from './error-text.ts';
import { AppError } from './errors.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type Answer = { error: { code: string; message: string } };
async function answer(path: string, headers: Record<string, string>, body?: unknown) {
  const response = await ctx.request(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, error: ((await response.json()) as Answer).error };
}

describe('error messages in the reader’s language', () => {
  it('answers someone not signed in in the first of en, lg and sw that Accept-Language asks for', async () => {
    const english = await answer('/api/cart', {});
    expect(english).toEqual({ status: 401, error: { code: 'not_authenticated', message: 'User not authenticated' } });
    const luganda = await answer('/api/cart', { 'accept-language': 'fr;q=0.9, lg;q=0.8, en;q=0.5' });
    expect(luganda.error.message).toBe('Sooka oyingire mu akawunti yo.');
    const swahili = await answer('/api/no-such-route', { 'accept-language': 'sw-KE' });
    expect(swahili).toEqual({ status: 404, error: { code: 'not_found', message: 'Hakijapatikana.' } });
  });

  it('answers a signed-in customer in the language on their account, whatever the browser asks', async () => {
    const me = await signUpAndVerify(ctx, { preferredLanguage: 'swahili' });
    const bad = await answer('/api/cart/items', { cookie: me.cookie, 'accept-language': 'lg' }, {});
    expect(bad).toEqual({ status: 400, error: { code: 'validation_failed', message: 'productId: kinahitajika.' } });
  });

  it('keeps the English message as it was made, for English readers and the logs', async () => {
    const me = await signUpAndVerify(ctx);
    const bad = await answer('/api/cart/items', { cookie: me.cookie, 'accept-language': 'sw' }, {});
    expect(bad.status).toBe(400);
    expect(bad.error.message).toMatch(/^productId: /);
    expect(bad.error.message).not.toContain('kinahitajika');
  });

  it('reads an error’s own catalogue text with its values, else its code’s words, else the English message', () => {
    const owed = new AppError('overpayment', 'You owe UGX 90,000 on this loan: pay at most that.', 422).withText(
      'errors:overpayment',
      { owed: 'UGX 90,000' },
    );
    expect(errorMessage(owed, 'english')).toBe('You owe UGX 90,000 on this loan: pay at most that.');
    expect(errorMessage(owed, 'luganda')).toBe('Obanjibwa UGX 90,000 ku bbanja lino: tosasula kusukka awo.');
    expect(errorMessage(owed, 'swahili')).toBe('Unadaiwa UGX 90,000 kwa mkopo huu: usilipe zaidi ya hapo.');
    const taken = new AppError('sku_taken', 'Another product already has the SKU SOL-1.', 409);
    expect(errorMessage(taken, 'english')).toBe('Another product already has the SKU SOL-1.');
    expect(errorMessage(taken, 'luganda')).toBe('Ekintu ekirala kirina dda SKU eno. Buli kintu kyetaaga SKU yaakyo.');
    expect(errorMessage(taken, 'swahili')).toBe('Bidhaa nyingine tayari ina SKU hii. Kila bidhaa inahitaji SKU yake.');
    // The English message stays the last resort, should a code ever be without words.
    const unknown = 'code_from_elsewhere' as ErrorCode;
    expect(codeMessage(unknown, 'Something new went wrong.', 'luganda')).toBe('Something new went wrong.');
  });
});

describe('words for every error code', () => {
  const codes = (language: 'en' | 'lg' | 'sw'): Record<string, string> => CATALOGUES[language].errors.codes;

  it('has one plain sentence for every code in English, Luganda and Kiswahili, without placeholders', () => {
    for (const language of ['en', 'lg', 'sw'] as const) {
      const words = codes(language);
      const missing = ERROR_CODES.filter((code) => !words[code]?.trim());
      expect(missing, language).toEqual([]);
      const withPlaceholders = Object.keys(words).filter((code) => words[code]!.includes('{{'));
      expect(withPlaceholders, language).toEqual([]);
    }
  });

  it('keeps words only for codes the API answers with, in the same order in every language', () => {
    const english = Object.keys(codes('en'));
    expect(english.filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
    expect(Object.keys(codes('lg'))).toEqual(english);
    expect(Object.keys(codes('sw'))).toEqual(english);
  });

  it('answers every code in Luganda and Kiswahili in that language’s own words', () => {
    for (const [language, tag] of [
      ['luganda', 'lg'],
      ['swahili', 'sw'],
    ] as const) {
      const words = codes(tag);
      const other = ERROR_CODES.filter((code) => codeMessage(code, 'The English message.', language) !== words[code]);
      expect(other, language).toEqual([]);
    }
  });
});
