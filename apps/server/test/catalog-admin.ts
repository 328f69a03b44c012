import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@ecogrid/core/staff-roles';
import { enrolTotp, promoteToAdmin, signUpAndVerify, userIdOf } from './auth-helpers.ts';
import { afterAll, beforeAll } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from './test-app.ts';

/** An answer's status and JSON body, loosely typed: the tests check its shape. */
export type Answer = {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
};

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** JSON requests as one signed-in browser makes them; POSTs carry a fresh Idempotency-Key unless given one. */
export function client(ctx: TestContext, cookie?: string) {
  const call = async (method: string, path: string, body?: unknown, key: string | null = randomUUID()) =>
    answer(
      await ctx.request(path, {
        method,
        headers: {
          'content-type': 'application/json',
          origin: TEST_ORIGIN,
          ...(cookie ? { cookie } : {}),
          ...(key && method === 'POST' ? { 'idempotency-key': key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return {
    cookie,
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown = {}, key?: string | null) => call('POST', path, body, key),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
    put: (path: string, body: unknown) => call('PUT', path, body),
    delete: (path: string) => call('DELETE', path),
    /** A multipart upload of one file in the field `file`. */
    upload: async (path: string, bytes: Uint8Array, name = 'picture.jpg', type = 'image/jpeg') => {
      const form = new FormData();
      form.append('file', new File([bytes], name, { type }));
      const headers = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
      return answer(await ctx.request(path, { method: 'POST', headers, body: form }));
    },
  };
}
export type Client = ReturnType<typeof client>;

/**
 * A signed-in staff member (a full admin unless a role is given) with an authenticator app (staff
 * tools need one), and their id; `extra` goes with the sign-up (a preferredLanguage, say).
 */
export async function signedInAdmin(ctx: TestContext, role: StaffRole = 'admin', extra: Record<string, unknown> = {}) {
  const account = await signUpAndVerify(ctx, extra);
  const id = await userIdOf(ctx.db, account.email);
  await promoteToAdmin(ctx.db, id, role);
  const { cookie } = await enrolTotp(ctx, account.cookie);
  return { id, api: client(ctx, cookie) };
}

/** A signed-in customer. */
export async function signedInCustomer(ctx: TestContext) {
  const account = await signUpAndVerify(ctx);
  return { id: await userIdOf(ctx.db, account.email), api: client(ctx, account.cookie) };
}

/** A valid new product; each test changes what it is about. */
export function newProduct(changes: Record<string, unknown> = {}) {
  const unique = randomUUID().slice(0, 6).toUpperCase();
  return {
    sku: `LAN-${unique}`,
    name: `Sun King Pico ${unique}`,
    description: 'A small solar lantern for reading and walking at night.',
    category: 'solar-lanterns',
    brand: 'Sun King',
    price: 45_000,
    taxClass: 'exempt',
    loanEligible: false,
    specs: { panelWatts: 1, batteryWh: 4, lights: 1, appliancesIncluded: [], warrantyMonths: 24 },
    stock: 10,
    ...changes,
  };
}

/**
 * A test app with a signed-in admin for a file's tests: made before them and closed after. Read
 * `ctx` and `admin` inside the tests (they are set once the file's setup has run).
 */
export function appWithAdmin() {
  const app = {
    ctx: undefined as unknown as TestContext,
    admin: undefined as unknown as { id: string; api: Client },
  };
  beforeAll(async () => {
    app.ctx = await createTestContext();
    app.admin = await signedInAdmin(app.ctx);
  });
  afterAll(async () => app.ctx.close());
  return app;
}
