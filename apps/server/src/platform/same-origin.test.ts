import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { sameOriginWrites } from './same-origin.ts';

const app = new Hono()
  .use('/api/*', sameOriginWrites('https://ecogrid.ug'))
  .all('/api/*', (c) => c.text('done'))
  .onError((error, c) => c.text(error.message, error instanceof AppError ? error.status : 500));

const send = async (path: string, headers: Record<string, string>, method = 'POST') =>
  (await app.request(`http://10.0.0.5:3000${path}`, { method, headers: { cookie: 'session=1', ...headers } })).status;

describe('sameOriginWrites', () => {
  it('takes writes from the public address and from the address the request came to', async () => {
    expect(await send('/api/orders', { origin: 'https://ecogrid.ug' })).toBe(200);
    expect(await send('/api/orders', { origin: 'http://10.0.0.5:3000' })).toBe(200);
    expect(await send('/api/orders', { 'sec-fetch-site': 'same-origin' })).toBe(200);
    expect(await send('/api/orders', { referer: 'https://ecogrid.ug/checkout' })).toBe(200);
  });

  it('refuses writes another site sends with cookies, whatever the method', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(await send('/api/orders', { origin: 'https://ecogrid.ug.evil.example' }, method), method).toBe(403);
    }
    expect(await send('/api/orders', { origin: 'http://ecogrid.ug' })).toBe(403);
    expect(await send('/api/orders', { 'sec-fetch-site': 'same-site' })).toBe(403);
    expect(await send('/api/orders', { referer: 'not a url' })).toBe(403);
  });

  it('leaves reads, cookieless requests and the paths that check callers themselves alone', async () => {
    expect(await send('/api/orders', { origin: 'https://evil.example' }, 'GET')).toBe(200);
    const cookieless = await app.request('/api/orders', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(cookieless.status).toBe(200);
    expect(await send('/api/auth/sign-in/email', { origin: 'https://evil.example' })).toBe(200);
    expect(await send('/api/payments/callbacks/airtel', { origin: 'https://evil.example' })).toBe(200);
  });
});
