import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './auth-helpers.ts';
import { signedInAdmin, signedInCustomer, type Client } from './catalog-admin.ts';
import { insertProduct } from './factories.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from './test-app.ts';

let ctx: TestContext;
let admin: Client;
let customer: Client;
let productId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInAdmin(ctx)).api;
  customer = (await signedInCustomer(ctx)).api;
  productId = (await insertProduct(ctx.db)).id;
}, 240_000);
afterAll(async () => ctx.close());

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const ID = randomUUID();

describe('text no database can store', () => {
  it('refuses a NUL in a public query string with 400 invalid_text', async () => {
    const response = await ctx.request('/api/catalog/products?q=%00');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_text');
    expect(body.error.message).toMatch(/query parameter "q".*NUL character or half of a surrogate pair/);
  });

  it('refuses a NUL in a path parameter', async () => {
    const response = await ctx.request('/api/catalog/products/abc%00');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_text');
  });

  it('refuses a lone surrogate or a NUL anywhere in a JSON body, keys included', async () => {
    const bodies = [
      '{"fullName":"Sarah \\ud800 Nakato"}',
      '{"fullName":"Sarah \\udc00"}',
      '{"fullName":"Sarah\\u0000"}',
      '{"nested":[{"deep":["ok","\\u0000"]}]}',
      '{"\\u0000":"key"}',
    ];
    for (const body of bodies) {
      const response = await ctx.request('/api/me', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: customer.cookie! },
        body,
      });
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code, body).toBe('invalid_text');
    }
  });

  it('refuses them before the auth library reads the body', async () => {
    const signUp = await send(ctx, '/api/auth/sign-up/email', {
      email: `nul.${Date.now()}@example.ug`,
      password: 'mango tree beside the borehole',
      name: 'Sarah\u0000',
    });
    expect(signUp.status).toBe(400);
    expect(((await signUp.json()) as { error: { code: string } }).error.code).toBe('invalid_text');
  });

  it('still takes characters outside the basic plane, written as a surrogate pair', async () => {
    const response = await ctx.request(`/api/catalog/products?q=${encodeURIComponent('lamp ☀️😀')}`);
    expect(response.status).toBe(200);
    const patch = await customer.patch('/api/me', { fullName: 'Nakato 😀' });
    expect(patch.status).toBe(200);
  });
});

describe('crafted pagination cursors', () => {
  const timeCursors = [
    b64(`2026-01-01T00:00:00.000Z|not-a-uuid`),
    b64(`2026-01-01T00:00:00+99|${ID}`),
    b64(`2026-01-01T00:00:00.000Z|${ID}\u0000`),
    b64(`2026-02-31T00:00:00.000Z|${ID}`),
    b64(`2026-01-01T25:00:00.000Z|${ID}`),
    b64(`0000-01-01T00:00:00.000Z|${ID}`),
    b64(`2026-01-01T00:00:00.000Z|${ID}|extra`),
    b64(`2026-01-01T00:00:00.000Z|------------------------------------`),
  ];
  const catalogCursor = (sort: string, value: unknown, id: string = ID) => b64(JSON.stringify([sort, value, id]));
  const catalogCursors = (sort: 'newest' | 'name' | 'price_asc') => {
    const good = { newest: '2026-01-01T00:00:00Z', name: 'Lamp', price_asc: 5 }[sort];
    const bad = {
      newest: ['2026-01-01T00:00:00+99', '2026-01-01T00:00:00Z\u0000', 5],
      name: ['Lamp\u0000', 'Lamp \ud800', 5],
      price_asc: [-5, 1e300, 1.5, '5'],
    }[sort];
    return [
      catalogCursor(sort, good, '------------------------------------'),
      catalogCursor(sort, good, `${ID}\u0000`),
      ...bad.map((value) => catalogCursor(sort, value)),
    ];
  };
  const lists: [string, 'admin' | 'customer' | null, string[]][] = [
    ['/api/catalog/products?cursor=', null, catalogCursors('newest')],
    ['/api/catalog/products?sort=name&cursor=', null, catalogCursors('name')],
    ['/api/catalog/products?sort=price_asc&cursor=', null, catalogCursors('price_asc')],
    ['/api/admin/catalog/products?cursor=', 'admin', catalogCursors('newest')],
    ['/api/orders?cursor=', 'customer', timeCursors],
    ['/api/admin/orders?cursor=', 'admin', timeCursors],
    ['/api/admin/users?cursor=', 'admin', timeCursors],
    ['/api/admin/security-events?cursor=', 'admin', timeCursors],
    ['/api/admin/auth-attempts?cursor=', 'admin', timeCursors],
    ['/api/admin/outbox?cursor=', 'admin', timeCursors],
    ['/api/admin/payments?cursor=', 'admin', timeCursors],
    ['/api/admin/kyc?cursor=', 'admin', timeCursors],
    ['/api/admin/kyc?status=verified&cursor=', 'admin', timeCursors],
    ['/api/admin/loans?cursor=', 'admin', timeCursors],
    ['/api/wallet/statement?cursor=', 'customer', ['99999999999999999', '-1', '1.5', '1e3']],
  ];

  it('answers each one on every list with 400 invalid_cursor', { timeout: 120_000 }, async () => {
    lists.push([`/api/admin/catalog/products/${productId}/stock-movements?cursor=`, 'admin', ['99999999999999999']]);
    for (const [list, who, cursors] of lists) {
      for (const cursor of cursors) {
        const path = `${list}${encodeURIComponent(cursor)}`;
        const caller = who === 'admin' ? admin : who === 'customer' ? customer : null;
        const answer = caller
          ? await caller.get(path)
          : await (async () => {
              const response = await ctx.request(path);
              return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
            })();
        expect(answer.status, `${path} ${Buffer.from(cursor, 'base64url').toString()}`).toBe(400);
        expect(answer.body.error?.code, path).toBe('invalid_cursor');
      }
    }
  });

  it('still follows the cursors the lists hand out', async () => {
    await insertProduct(ctx.db);
    const first = await admin.get('/api/admin/catalog/products?limit=1');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await admin.get(`/api/admin/catalog/products?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.status).toBe(200);
    const users = await admin.get('/api/admin/users?limit=1');
    expect(users.body.nextCursor).toEqual(expect.any(String));
    expect((await admin.get(`/api/admin/users?limit=1&cursor=${users.body.nextCursor}`)).status).toBe(200);
  });
});
