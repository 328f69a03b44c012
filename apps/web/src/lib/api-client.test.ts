// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiError } from './api-client.ts';
import { changeLanguage, initI18n } from './i18n.ts';

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('apiFetch', () => {
  it('asks for answers in the language on screen, and says a lost connection in it', async () => {
    await changeLanguage('lg');
    const fetch = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetch);
    await apiFetch('/api/cart');
    expect(fetch).toHaveBeenCalledWith(
      '/api/cart',
      expect.objectContaining({ headers: expect.objectContaining({ 'Accept-Language': 'lg' }) }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const lost = await apiFetch('/api/cart').catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(ApiError);
    expect(lost).toMatchObject({ status: 0, code: 'network_error' });
    expect((lost as ApiError).message).toBe('Tetusobodde kutuuka ku EcoGrid. Kebera omutimbagano gwo ogezeeko nate.');
  });

  it('keeps the server’s message, and names the status of an answer without one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const failed = await apiFetch('/api/cart').catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 502, code: 'http_error', message: 'The request failed (502).' });
    const refusal = { error: { code: 'cart_empty', message: 'Ekintu tekiri mu kagaali.' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(refusal, { status: 409 })),
    );
    const refused = await apiFetch('/api/checkout').catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 409, code: 'cart_empty', message: 'Ekintu tekiri mu kagaali.' });
  });
});
