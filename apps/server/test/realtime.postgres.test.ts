import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';
import { startServer, waitFor, type Started } from './server-process.ts';
import { STRONG_PASSWORD } from './auth-helpers.ts';
import { totpFromUri } from './totp.ts';

// Two real app processes on one PostgreSQL: an event raised by one reaches a stream held by the other.
let database: DatabaseHandle;
const servers: Started[] = [];

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL! });
  for (let i = 0; i < 2; i++) {
    const server = startServer({ DATABASE_URL: process.env.DATABASE_URL!, SEED_DEMO_DATA: 'false' });
    servers.push(server);
  }
  await Promise.all(servers.map((s) => waitFor(() => s.port() !== null, 'the server to listen', 60_000)));
});

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await database.close();
});

function client(server: Started) {
  const base = `http://127.0.0.1:${server.port()}`;
  let cookie = '';
  return {
    async post(path: string, body: unknown) {
      const response = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify(body),
      });
      const set = response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .filter((c) => !c!.endsWith('='));
      if (set.length) cookie = set.join('; ');
      return response;
    },
    stream: (path: string) => fetch(base + path, { headers: { cookie, accept: 'text/event-stream' } }),
    get: async (path: string) => (await fetch(base + path, { headers: { cookie } })).status,
    /** The same session, used on another process. */
    on: (other: Started) => ({
      get: async (path: string) =>
        (await fetch(`http://127.0.0.1:${other.port()}${path}`, { headers: { cookie } })).status,
    }),
  };
}

async function signedIn(server: Started, email: string, admin = false) {
  const api = client(server);
  expect((await api.post('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'Test' })).status).toBe(
    200,
  );
  await database.db
    .update(users)
    .set({ emailVerified: true, ...(admin ? { userType: 'admin' as const } : {}) })
    .where(eq(users.email, email));
  expect((await api.post('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })).status).toBe(200);
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { api, id: row!.id };
}

describe('realtime across app processes', () => {
  it('delivers a notification sent through one process to a stream held by the other', async () => {
    const [first, second] = servers as [Started, Started];
    const customer = await signedIn(second, `stream.${Date.now()}@example.ug`);
    const admin = await signedIn(first, `admin.${Date.now()}@example.ug`, true);
    const enable = await admin.api.post('/api/auth/two-factor/enable', { password: STRONG_PASSWORD });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    expect((await admin.api.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) })).status).toBe(200);

    const stream = await customer.api.stream('/api/events');
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const read = async (until: RegExp) => {
      const deadline = Date.now() + 10_000;
      while (!until.test(text)) {
        if (Date.now() > deadline) throw new Error(`no ${until}; got ${text}`);
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`stream ended; got ${text}`);
        text += decoder.decode(chunk.value, { stream: true });
      }
    };
    await read(/event: ready/);

    const sent = await admin.api.post('/api/admin/notifications', {
      userId: customer.id,
      type: 'payment_update',
      title: 'Payment Update',
      message: 'Payment completed: UGX 45,000',
    });
    expect(sent.status).toBe(201);
    await read(/event: notification\ndata: .*Payment completed: UGX 45,000/);
    await reader.cancel();
  });
});

/** Waits at most two seconds (a session is kept up to a minute without a notice) for `path` to answer `status`. */
const answeredSoon = (get: () => Promise<number>, status: number) =>
  vi.waitFor(async () => expect(await get()).toBe(status), { timeout: 2_000, interval: 50 });

describe('sessions kept in memory across app processes', () => {
  it('refuses on the other process a session ended on one, within moments', async () => {
    const [first, second] = servers as [Started, Started];
    const customer = await signedIn(first, `signout.${Date.now()}@example.ug`);
    const elsewhere = customer.api.on(second);
    expect(await elsewhere.get('/api/me')).toBe(200);
    expect(await elsewhere.get('/api/me')).toBe(200);
    expect((await customer.api.post('/api/auth/sign-out', {})).status).toBe(200);
    await answeredSoon(() => elsewhere.get('/api/me'), 401);
  });

  it('refuses on every process a user deactivated, and lets them in again once reactivated', async () => {
    const [first, second] = servers as [Started, Started];
    const customer = await signedIn(first, `deactivated.${Date.now()}@example.ug`);
    const elsewhere = customer.api.on(second);
    expect([await customer.api.get('/api/me'), await elsewhere.get('/api/me')]).toEqual([200, 200]);
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, customer.id));
    await answeredSoon(() => elsewhere.get('/api/me'), 401);
    expect(await customer.api.get('/api/me')).toBe(401);
    await database.db.update(users).set({ isActive: true }).where(eq(users.id, customer.id));
    await answeredSoon(() => elsewhere.get('/api/me'), 200);
  });
});
