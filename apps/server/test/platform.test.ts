import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';

// A stand-in build of the web app, so these tests do not depend on `npm run build`.
const dist = mkdtempSync(path.join(tmpdir(), 'ecogrid-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>EcoGrid</title><div id="root"></div>');
writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
writeFileSync(path.join(dist, 'assets/index-AbC123.js'), 'console.log("app")');
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ webDistDir: dist });
});
afterAll(async () => ctx.close());

describe('GET /api/health', () => {
  it('reports a reachable, fully migrated database and the version', async () => {
    const response = await ctx.request('/api/health');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: { reachable: true, kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
      migrations: { upToDate: true },
    });
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document generated from the route schemas', async () => {
    const doc = (await (await ctx.request('/api/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/catalog/products', '/api/catalog/products/{id}']),
    );
    const params = doc.paths['/api/catalog/products']?.get?.parameters?.map((p) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['q', 'category', 'minPrice', 'maxPrice', 'sort', 'limit', 'cursor']),
    );
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404 in the one error shape', async () => {
    const response = await ctx.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'No API route matches GET /api/no-such-thing' },
    });
  });
});

describe('the built web app', () => {
  it('caches hashed assets for a year', async () => {
    const response = await ctx.request('/assets/index-AbC123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('never caches index.html or the service worker', async () => {
    for (const file of ['/', '/index.html', '/sw.js']) {
      const response = await ctx.request(file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toMatch(/no-store/);
    }
  });

  it('answers client routes with index.html', async () => {
    for (const route of ['/marketplace', '/product/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b', '/customer/wallet']) {
      const response = await ctx.request(route);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers a missing file with 404, not the page', async () => {
    const response = await ctx.request('/assets/index-Gone99.js');
    expect(response.status).toBe(404);
  });
});
