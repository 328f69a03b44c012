import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#src/db/schema/audit.ts';
import { newProduct, signedInAdmin } from '../../../test/catalog-admin.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let adminCookie: string;
let adminId: string;
beforeAll(async () => {
  // One reverse proxy in front of the app, which appends the address it received the request from.
  ctx = await createTestContext({ settings: { TRUST_PROXY_HOPS: 1 } });
  const admin = await signedInAdmin(ctx);
  adminCookie = admin.api.cookie!;
  adminId = admin.id;
});
afterAll(async () => ctx.close());

/** A request as it arrives over the network: from the proxy's socket, with headers a client may forge. */
const overNetwork = (path: string, method: string, body: unknown) =>
  ctx.app.request(
    path,
    {
      method,
      headers: {
        'content-type': 'application/json',
        origin: TEST_ORIGIN,
        cookie: adminCookie,
        'idempotency-key': crypto.randomUUID(),
        'user-agent': 'Mozilla/5.0 (Linux; Android 12; TECNO KG5)',
        'x-client-ip': '6.6.6.6',
        'x-forwarded-for': '7.7.7.7, 41.210.1.9',
      },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: '10.0.0.2' } } },
  );

const lastAudit = async (action: string) =>
  (
    await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, adminId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
  )[0];

describe('the audit log', () => {
  it("records the address the trusted proxy saw, never the client's own headers, on every audited route", async () => {
    const fee = await overNetwork('/api/admin/store/delivery-fee', 'PUT', { flatFee: 0, freeFrom: null });
    expect(fee.status).toBe(200);
    expect(await lastAudit('store.delivery_fee')).toMatchObject({
      ipAddress: '41.210.1.9',
      userAgent: 'Mozilla/5.0 (Linux; Android 12; TECNO KG5)',
    });

    const product = await overNetwork('/api/admin/catalog/products', 'POST', newProduct());
    expect(product.status).toBe(201);
    expect((await lastAudit('product.create'))?.ipAddress).toBe('41.210.1.9');
  });
});
