import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#src/db/schema/auth.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { createRateLimitStore } from './rate-limit-store.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

const RULE = { window: 60, max: 3 };
const T0 = Date.UTC(2026, 10, 28, 8, 0, 0);

function storeAt(start: number) {
  let now = start;
  const store = createRateLimitStore(database.db, () => now);
  return { store, at: (seconds: number) => (now = start + seconds * 1000) };
}

describe('request limits in fixed windows', () => {
  it('allows the limit in a window, refuses the rest with the seconds left, and opens a new window after', async () => {
    const { store, at } = storeAt(T0);
    const key = '203.0.113.5/sign-in/email';
    const allowed = [];
    for (const second of [0, 1, 2]) {
      at(second);
      allowed.push((await store.consume(key, RULE)).allowed);
    }
    expect(allowed).toEqual([true, true, true]);
    at(20);
    expect(await store.consume(key, RULE)).toEqual({ allowed: false, retryAfter: 40 });
    at(59);
    expect(await store.consume(key, RULE)).toEqual({ allowed: false, retryAfter: 1 });
    at(60);
    expect(await store.consume(key, RULE)).toEqual({ allowed: true, retryAfter: null });
    const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row).toMatchObject({ count: 1, lastRequest: T0 + 60_000 });
  });

  it('never keeps a steady stream of requests counting past its window', async () => {
    // One request every 50 seconds is well under 3 a minute. A window that restarted at each
    // request would count them all and refuse the fourth.
    const { store, at } = storeAt(T0 + 3_600_000);
    const key = '203.0.113.6/sign-in/email';
    const answers = [];
    for (let i = 0; i < 8; i++) {
      at(i * 50);
      answers.push((await store.consume(key, RULE)).allowed);
    }
    expect(answers).toEqual(Array(8).fill(true));
  });

  it('counts each key on its own', async () => {
    const { store } = storeAt(T0 + 7_200_000);
    for (let i = 0; i < 3; i++) await store.consume('198.51.100.1/sign-in/email', RULE);
    expect((await store.consume('198.51.100.1/sign-in/email', RULE)).allowed).toBe(false);
    expect((await store.consume('198.51.100.2/sign-in/email', RULE)).allowed).toBe(true);
    expect((await store.consume('198.51.100.1/sign-up/email', RULE)).allowed).toBe(true);
  });

  it('lets exactly the limit through when requests arrive together', async () => {
    const { store } = storeAt(T0 + 10_800_000);
    const key = '198.51.100.9/sign-in/phone-number';
    const answers = await Promise.all(Array.from({ length: 12 }, () => store.consume(key, { window: 60, max: 5 })));
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
  });
});
