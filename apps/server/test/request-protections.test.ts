import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#src/db/schema/auth.ts';
import { products } from '#src/db/schema/catalog.ts';
import { signUpAndVerify, userIdOf } from './auth-helpers.ts';
import { signedInAdmin, type Client } from './catalog-admin.ts';
import { insertProduct } from './factories.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from './test-app.ts';

const EARLY_SCRIPT = "window.__early = fetch('/api/catalog/categories');";
const dist = mkdtempSync(path.join(tmpdir(), 'ecogrid-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>EcoGrid</title><script>${EARLY_SCRIPT}</script>`);
writeFileSync(path.join(dist, 'assets/index-AbC123.js'), 'console.log("app")');

let ctx: TestContext;
let admin: Client & { cookie: string };
beforeAll(async () => {
  ctx = await createTestContext({ webDistDir: dist });
  const { api } = await signedInAdmin(ctx);
  admin = api as Client & { cookie: string };
});
afterAll(async () => ctx.close());

const FOREIGN = 'https://evil.example';
const isActive = async (id: string) =>
  (await ctx.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, id)))[0]!.isActive;
const imagesOf = async (id: string) =>
  (await ctx.db.select({ images: products.images }).from(products).where(eq(products.id, id)))[0]!.images;
const picture = () =>
  sharp({
    create: {
      width: 400,
      height: 400,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();

/** A write as the admin's browser sends it, from the page at `origin` (or as the headers say). */
const deactivate = (id: string, headers: Record<string, string>, base = '') =>
  ctx.request(`${base}/api/admin/users/${id}/deactivate`, {
    method: 'POST',
    headers: { cookie: admin.cookie, ...headers },
  });

async function upload(productId: string, headers: Record<string, string>) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(await picture())], 'lamp.png', { type: 'image/png' }));
  return ctx.request(`/api/admin/catalog/products/${productId}/images`, {
    method: 'POST',
    headers: { cookie: admin.cookie, ...headers },
    body: form,
  });
}

describe('writes from another website', () => {
  it('refuses a bodyless admin action sent from another site with the admin’s cookie, and changes nothing', async () => {
    const target = await userIdOf(ctx.db, (await signUpAndVerify(ctx)).email);
    for (const headers of <Record<string, string>[]>[
      { origin: FOREIGN },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { referer: `${FOREIGN}/page.html` },
    ]) {
      const response = await deactivate(target, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({
        error: { code: 'cross_site_request', message: 'This request came from another website and was refused.' },
      });
    }
    expect(await isActive(target)).toBe(true);

    expect((await deactivate(target, { origin: TEST_ORIGIN })).status).toBe(200);
    expect(await isActive(target)).toBe(false);
  });

  it('takes a write from the address the request came to, and from a page that hides its origin but is ours', async () => {
    const first = await userIdOf(ctx.db, (await signUpAndVerify(ctx)).email);
    const phoneOnTheLan = 'http://192.168.1.20:3000';
    expect((await deactivate(first, { origin: phoneOnTheLan }, phoneOnTheLan)).status).toBe(200);
    const second = await userIdOf(ctx.db, (await signUpAndVerify(ctx)).email);
    expect((await deactivate(second, { origin: 'null', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('refuses an upload sent from another site, storing nothing, and takes it from the app', async () => {
    const product = await insertProduct(ctx.db);
    const refused = await upload(product.id, { origin: FOREIGN });
    expect(refused.status).toBe(403);
    expect(await imagesOf(product.id)).toEqual(product.images);

    // Larger than the 64 kB every other route takes: upload routes keep their own limit.
    const taken = await upload(product.id, { origin: TEST_ORIGIN });
    expect(taken.status).toBe(201);
    expect((await imagesOf(product.id)).length).toBe(product.images.length + 1);
  });

  it('lets through a request without cookies (a phone app with its token, a server), which acts for no one', async () => {
    const target = await userIdOf(ctx.db, (await signUpAndVerify(ctx)).email);
    const response = await ctx.request(`/api/admin/users/${target}/deactivate`, {
      method: 'POST',
      headers: { origin: FOREIGN, authorization: 'Bearer some-token' },
    });
    // Past the origin check, to the route's own answer: no session, so not signed in.
    expect(response.status).toBe(401);
    expect(await isActive(target)).toBe(true);
  });
});

describe('request bodies', () => {
  it('refuses a 3 MB JSON body with 413 before reading it, in the error shape', async () => {
    const target = await userIdOf(ctx.db, (await signUpAndVerify(ctx)).email);
    const body = JSON.stringify({ agentCode: 'KLA-001', commissionRateBp: 250, padding: 'x'.repeat(3_000_000) });
    const response = await ctx.request(`/api/admin/users/${target}/approve-agent`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'too_large', message: 'The request is larger than 64 kB.' },
    });
    const doc = (await (await ctx.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.paths['/api/admin/users/{id}/approve-agent']?.post?.responses['413']).toBeDefined();
    expect(doc.paths['/api/catalog/products']?.get?.responses['413']).toBeUndefined();
  });

  it('refuses an oversized body sent without a length (streamed) too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 200) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await ctx.request('/api/cart/items', {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });
});

describe('browser headers', () => {
  it('sends the security headers on the API, the page and a file', async () => {
    for (const url of ['/api/health', '/', '/marketplace', '/assets/index-AbC123.js', '/api/no-such-thing']) {
      const response = await ctx.request(url);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), url).toBe('DENY');
      expect(response.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
      // Not production over https: no HSTS.
      expect(response.headers.get('strict-transport-security'), url).toBeNull();
    }
  });

  it("allows the page's own inline script by its hash, and no other", async () => {
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(EARLY_SCRIPT).digest('base64');
    const csp = (await ctx.request('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
  });
});
