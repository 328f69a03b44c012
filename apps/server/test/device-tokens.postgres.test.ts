import { generateToken } from '@ecogrid/core/openpaygo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '#src/db/schema/loans.ts';
import { issueToken } from '#src/features/loans/devices.service.ts';
import { createSecretBox } from '#src/platform/secret-box.ts';
import { createTestContext, type TestContext } from './test-app.ts';

// Real concurrency: payments for one device on a PostgreSQL server's pool, all at once.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const KEY = 'bc41ec9530f6dac86b1a29ab82edc5fb';

describe('tokens for one device issued at once', () => {
  it('each get their own count, and the device ends at the last one', async () => {
    const box = createSecretBox(ctx.settings.AUTH_SECRET, 'device-keys');
    const [device] = await ctx.db
      .insert(devices)
      .values({ serialNumber: `RACE-${Date.now()}`, startingCode: 516959010, secretKeyEncrypted: box.seal(KEY) })
      .returning();
    const racers = 20;
    const issued = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        ctx.db.transaction((tx) =>
          issueToken(tx, box, device!.id, { type: 'ADD_TIME', days: 7, reference: `repayment:${i}`, issuedBy: 'test' }),
        ),
      ),
    );
    const counts = issued.map((t) => t.count).sort((a, b) => a - b);
    // ADD_TIME moves an even count on by two: 2, 4, … 40, each once.
    expect(counts).toEqual(Array.from({ length: racers }, (_, i) => 2 * (i + 1)));
    for (const token of issued) {
      const expected = generateToken({
        key: KEY,
        startingCode: 516959010,
        count: token.count - 2,
        type: 'ADD_TIME',
        value: 7,
      });
      expect(token.token).toBe(expected.token);
    }
    expect(new Set(issued.map((t) => t.token)).size).toBe(racers);
    const [after] = await ctx.db.select().from(devices).where(eq(devices.id, device!.id));
    expect(after!.tokenCount).toBe(2 * racers);
  });
});
