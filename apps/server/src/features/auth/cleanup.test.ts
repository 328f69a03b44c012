import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts, rateLimits, verifications } from '#src/db/schema/auth.ts';
import { createTestDatabase } from '../../../test/test-db.ts';
import { pruneExpiredAuthRecords, SIGN_IN_ATTEMPT_DAYS } from './cleanup.service.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

const DAY = 24 * 60 * 60 * 1000;

describe('daily cleanup', () => {
  it('deletes expired codes, idle rate counters and old sign-in attempts, and keeps the rest', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await database.db.insert(verifications).values([
      { id: 'v-expired', identifier: 'a', value: 'x', expiresAt: ago(60_000) },
      { id: 'v-live', identifier: 'b', value: 'y', expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    await database.db.insert(rateLimits).values([
      { id: 'r-idle', key: 'idle', count: 3, lastRequest: now.getTime() - 2 * DAY },
      { id: 'r-recent', key: 'recent', count: 3, lastRequest: now.getTime() - 60_000 },
    ]);
    await database.db.insert(authAttempts).values([
      {
        id: 'a-old',
        loginMethod: 'email',
        identifier: 'x',
        success: false,
        createdAt: ago((SIGN_IN_ATTEMPT_DAYS + 1) * DAY),
      },
      { id: 'a-recent', loginMethod: 'email', identifier: 'x', success: false, createdAt: ago(DAY) },
    ]);

    expect(await pruneExpiredAuthRecords(database.db, now)).toMatchObject({
      verifications: 1,
      rateLimits: 1,
      signInAttempts: 1,
    });
    const ids = async (table: typeof verifications | typeof rateLimits | typeof authAttempts, wanted: string[]) =>
      (await database.db.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((r) => r.id);
    expect(await ids(verifications, ['v-expired', 'v-live'])).toEqual(['v-live']);
    expect(await ids(rateLimits, ['r-idle', 'r-recent'])).toEqual(['r-recent']);
    expect(await ids(authAttempts, ['a-old', 'a-recent'])).toEqual(['a-recent']);
  });
});
