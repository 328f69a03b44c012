import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';
import { payFromWallet } from '#src/features/payments/payments.service.ts';
import { HOUSE_ACCOUNTS, postJournal, walletBalance } from '#src/features/wallet/ledger.service.ts';
import { createTestDatabase } from './test-db.ts';

// Real concurrency: 25 connections to a PostgreSQL server, each spending from the same wallet.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let wide: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
  wide = await openDatabase({ databaseUrl: database.url, poolMax: 25 });
});
afterAll(async () => {
  await wide.close();
  await database.destroy();
});

describe('spending one wallet from many connections at once', () => {
  it('lets exactly as many spends through as the balance covers', async () => {
    const userId = randomUUID();
    await database.db
      .insert(users)
      .values({ id: userId, name: 'Akello Ruth', fullName: 'Akello Ruth', email: `${userId}@example.ug` });
    await database.db.transaction((tx) =>
      postJournal(tx, {
        idempotencyKey: `fund:${userId}`,
        kind: 'wallet_topup',
        description: 'Funding for the race',
        postings: [
          { account: HOUSE_ACCOUNTS.clearing.mtn, amount: -10_000 },
          { wallet: userId, amount: 10_000 },
        ],
      }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        payFromWallet(wide.db, {
          userId,
          amount: 1_000,
          purpose: 'order',
          description: `Spend ${i}`,
          idempotency: { key: `spend-${i}` },
        }),
      ),
    );
    const through = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(through).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'insufficient_funds', status: 422 });
    expect(await walletBalance(database.db, userId)).toBe(0);
  });
});
