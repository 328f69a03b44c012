import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSettings } from '#src/config.ts';
import { users } from '#src/db/schema/auth.ts';
import { loans } from '#src/db/schema/loans.ts';
import { payments } from '#src/db/schema/payments.ts';
// Types only: erased at run time, so each test still loads the modules it names itself.
import type { PaymentDeps } from '#src/features/payments/payments.service.ts';
import { createRealtime } from '#src/platform/realtime.ts';
import { insertLoan } from './factories.ts';
import { createTestDatabase } from './test-db.ts';

// Each test loads the app's modules afresh, so what a feature registered in one test (or in
// another file's app) cannot make the next one pass.
afterEach(() => vi.resetModules());

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

async function customer(db: TestDatabase['db']) {
  const [row] = await db
    .insert(users)
    .values({ name: 'Rules Customer', email: `rules-${randomUUID()}@example.com` })
    .returning({ id: users.id });
  return row!.id;
}

/** A pending MTN collection of 20,000 for this purpose, as a network's callback would find it. */
async function pendingCollection(
  db: TestDatabase['db'],
  userId: string,
  purpose: 'order' | 'loan_repayment',
  loanId?: string,
) {
  const [row] = await db
    .insert(payments)
    .values({
      reference: `EG-${randomUUID().slice(0, 8).toUpperCase()}`,
      userId,
      purpose,
      method: 'mtn',
      direction: 'collection',
      amount: 20_000,
      phone: '+256772123456',
      providerReference: randomUUID(),
      loanId: loanId ?? null,
    })
    .returning({ id: payments.id });
  return row!.id;
}

const settings = () => loadSettings({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' });

/** Runs `body` with the background entry point started on a fresh database, as the jobs process does. */
async function withBackground(body: (database: TestDatabase, deps: PaymentDeps) => Promise<void>) {
  const database = await createTestDatabase();
  const logger = pino({ level: 'silent' });
  const realtime = await createRealtime(database, logger);
  const { startBackgroundWork } = await import('#src/background.ts');
  const background = await startBackgroundWork(database, logger, settings(), realtime, {
    jobs: { pollSeconds: 0.5, checkSeconds: 1 },
  });
  try {
    const { paymentDeps } = await import('#src/features/payments/payments.service.ts');
    const deps = paymentDeps({
      db: database.db,
      mobileMoney: background.mobileMoney,
      log: logger,
      realtime,
      messages: background.messages,
      publicUrl: 'http://localhost:3000',
      authSecret: settings().AUTH_SECRET,
    });
    await body(database, deps);
  } finally {
    await background.jobs.stop();
    await realtime.close();
    await database.destroy();
  }
}

describe('cross-feature rules', () => {
  it('refuses to settle an order or loan payment when no feature registered its rule, leaving it pending', async () => {
    const database = await createTestDatabase();
    try {
      // Only the payments feature is loaded: nothing registered the orders' and loans' rules.
      const { settlePayment } = await import('#src/features/payments/payments.service.ts');
      // Settling fails before it would reach the network, the notifier or realtime.
      const deps = { db: database.db } as Parameters<typeof settlePayment>[0];
      const userId = await customer(database.db);
      for (const purpose of ['order', 'loan_repayment'] as const) {
        const id = await pendingCollection(database.db, userId, purpose);
        await expect(settlePayment(deps, id, { state: 'successful' }, { kind: 'admin' })).rejects.toThrow(
          `No settlement rule for ${purpose} payments`,
        );
        const [row] = await database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, id));
        expect(row?.status).toBe('pending');
      }
    } finally {
      await database.destroy();
    }
  });

  it('settles a loan payment through the background entry point alone, without the app or the loans feature imported', async () => {
    await withBackground(async (database, deps) => {
      const { settlePayment } = await import('#src/features/payments/payments.service.ts');
      const { walletBalance } = await import('#src/features/wallet/ledger.service.ts');
      const userId = await customer(database.db);
      // A loan withdrawn before its deposit arrived: the loans' rule returns the money to the wallet.
      const loan = await insertLoan(database.db, userId, { status: 'cancelled' });
      const id = await pendingCollection(database.db, userId, 'loan_repayment', loan.id);
      const settled = await settlePayment(deps, id, { state: 'successful' }, { kind: 'admin' });
      expect(settled.changed).toBe(true);
      expect(await walletBalance(database.db, userId)).toBe(20_000);
      // The app registers the same rules again when both run in one process: each still acts once.
      const { registerFeatureRules } = await import('#src/rules.ts');
      registerFeatureRules();
      const again = await pendingCollection(database.db, userId, 'loan_repayment', loan.id);
      await settlePayment(deps, again, { state: 'successful' }, { kind: 'admin' });
      expect(await walletBalance(database.db, userId)).toBe(40_000);
    });
  });

  it('pays an agent commission once for a deposit settled through the background entry point', async () => {
    await withBackground(async (database, deps) => {
      const { settlePayment } = await import('#src/features/payments/payments.service.ts');
      const { walletBalance } = await import('#src/features/wallet/ledger.service.ts');
      // The app registers the same rules again when both run in one process: commission still comes once.
      const { registerFeatureRules } = await import('#src/rules.ts');
      registerFeatureRules();
      const userId = await customer(database.db);
      const [agent] = await database.db
        .insert(users)
        .values({
          name: 'Rules Agent',
          email: `agent-${randomUUID()}@example.com`,
          userType: 'agent',
          agentStatus: 'approved',
          agentCode: `EG-R-${randomUUID().slice(0, 6)}`,
          commissionRateBp: 500,
        })
        .returning({ id: users.id });
      const loan = await insertLoan(database.db, userId, { status: 'approved', agentId: agent!.id, commissionBp: 500 });
      const id = await pendingCollection(database.db, userId, 'loan_repayment', loan.id);
      await database.db.update(loans).set({ depositPaymentId: id }).where(eq(loans.id, loan.id));
      expect((await settlePayment(deps, id, { state: 'successful' }, { kind: 'admin' })).changed).toBe(true);
      // 5 % of the 20,000 deposit.
      expect(await walletBalance(database.db, agent!.id)).toBe(1_000);
    });
  });
});
