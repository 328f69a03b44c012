import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from './catalog-admin.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from './test-app.ts';

type Operation = { operationId: string; security?: unknown[] };
type Document = { paths: Record<string, Record<string, Operation>> };

let ctx: TestContext;
let cookie: string;
let reads: { path: string; operationId: string }[];
beforeAll(async () => {
  ctx = await createTestContext();
  cookie = (await signedInCustomer(ctx)).api.cookie!;
  const document = (await (await ctx.request('/api/openapi.json')).json()) as Document;
  // Every read that needs the session cookie (the public ones declare `security: []`).
  reads = Object.entries(document.paths).flatMap(([path, item]) =>
    item.get && !item.get.security
      ? [{ path: path.replace(/\{[^}]+\}/g, randomUUID()), operationId: item.get.operationId }]
      : [],
  );
});
afterAll(async () => ctx.close());

async function statusOf(path: string, withCookie: boolean): Promise<number> {
  const response = await ctx.request(path, { headers: { origin: TEST_ORIGIN, ...(withCookie ? { cookie } : {}) } });
  // The event stream stays open: its status is all this needs.
  await response.body?.cancel();
  return response.status;
}

describe('the session on every /api route', () => {
  it('reaches every documented read that needs it, with no wiring per prefix', async () => {
    expect(reads.length).toBeGreaterThan(20);
    const signedOut: string[] = [];
    const signedIn: string[] = [];
    for (const { path, operationId } of reads) {
      signedOut.push(`${operationId} ${await statusOf(path, false)}`);
      signedIn.push(`${operationId} ${(await statusOf(path, true)) === 401 ? 'refused' : 'seen'}`);
    }
    expect(signedOut).toEqual(reads.map((r) => `${r.operationId} 401`));
    expect(signedIn).toEqual(reads.map((r) => `${r.operationId} seen`));
  });

  it('leaves the public reads open to callers without a cookie', async () => {
    for (const path of [
      '/api/health',
      '/api/catalog/products',
      '/api/mobile-money/networks',
      '/api/places/districts',
      '/api/assistant',
    ]) {
      expect([path, await statusOf(path, false)]).toEqual([path, 200]);
    }
  });
});
