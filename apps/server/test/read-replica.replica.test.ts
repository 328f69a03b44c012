import { kampalaDate } from '@ecogrid/core/credit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, READER_APPLICATION_NAME, type Database } from '#src/db/client.ts';
import { agentSoldLoan, approvedAgent } from './agent-money-helpers.ts';
import { appWithAdmin } from './catalog-admin.ts';
import { download } from './downloads.ts';
import { insertProduct } from './factories.ts';
import './ledger-check.ts';
import { creditCustomer } from './loan-helpers.ts';

// Runs beside scripts/with-replica.sh: DATABASE_URL is the primary, DATABASE_REPLICA_URL its
// streaming replica, and the test database is read through the replica (test-db.ts).
const app = appWithAdmin();
const today = kampalaDate(new Date());
const TODAY = `from=${today}&to=${today}`;

const one = async <Row>(db: Database, query: ReturnType<typeof sql>) => (await queryRows<Row>(db, query))[0]!;

/** Stops the replica applying what the primary writes, so what it answers shows where it read. */
async function pauseReplay() {
  await app.ctx.database.reader.execute(sql`select pg_wal_replay_pause()`);
  for (let i = 0; i < 100; i += 1) {
    const { state } = await one<{ state: string }>(
      app.ctx.database.reader,
      sql`select pg_get_wal_replay_pause_state() as state`,
    );
    if (state === 'paused') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the replica did not pause');
}

const resumeReplay = () => app.ctx.database.reader.execute(sql`select pg_wal_replay_resume()`);

/** Waits until the replica has applied everything the primary has written so far. */
async function caughtUp() {
  const { lsn } = await one<{ lsn: string }>(app.ctx.db, sql`select pg_current_wal_lsn()::text as lsn`);
  for (let i = 0; i < 200; i += 1) {
    const { behind } = await one<{ behind: boolean }>(
      app.ctx.database.reader,
      sql`select pg_last_wal_replay_lsn() < ${lsn}::pg_lsn as behind`,
    );
    if (!behind) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the replica did not catch up');
}

beforeAll(() => caughtUp());
afterAll(() => resumeReplay());

const salesToday = async () => {
  const answer = await app.admin.api.get(`/api/admin/reports/sales?${TODAY}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const table = (answer.body.tables as { key: string; rows: unknown[][] }[]).find((t) => t.key === 'by_mode')!;
  return table.rows;
};

describe('with a read replica', () => {
  it('reads through a connection to the replica and writes through one to the primary', async () => {
    const reader = await one<{ recovery: boolean; name: string }>(
      app.ctx.database.reader,
      sql`select pg_is_in_recovery() as recovery, current_setting('application_name') as name`,
    );
    expect(reader).toEqual({ recovery: true, name: READER_APPLICATION_NAME });
    expect((await one<{ recovery: boolean }>(app.ctx.db, sql`select pg_is_in_recovery() as recovery`)).recovery).toBe(
      false,
    );
    // The replica refuses writes, so nothing that writes can be handed the reader by mistake unnoticed.
    await expect(app.ctx.database.reader.execute(sql`create table replica_probe (id int)`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/read-only transaction/) },
    });
  });

  it('answers the sales report from the replica, while an order is written to the primary and reaches it', async () => {
    const lamp = await insertProduct(app.ctx.db, { name: 'Replica Lamp', price: 100_000, stock: 5 });
    const customer = await creditCustomer(app.ctx, { wallet: 500_000 });
    await caughtUp();
    expect(await salesToday()).toEqual([]);
    await pauseReplay();
    try {
      await customer.api.post('/api/cart/items', { productId: lamp.id, quantity: 2 });
      const placed = await customer.api.post('/api/orders', {
        fulfilment: 'delivery',
        address: { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone' },
        payment: { method: 'wallet' },
      });
      // Placing and paying the order wrote to the primary while the replica stood still.
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const onPrimary = await one<{ paid: number }>(
        app.ctx.db,
        sql`select count(*)::int as paid from orders where paid_at is not null`,
      );
      expect(onPrimary.paid).toBe(1);
      // The report does not see it yet: it was read on the replica.
      expect(await salesToday()).toEqual([]);
      const csv = await download(app.ctx, `/api/admin/reports/sales/by_mode/table.csv?${TODAY}`, app.admin.api.cookie);
      expect(csv.bytes.toString('utf8')).toBe('mode,amount,orders,units\r\n');
    } finally {
      await resumeReplay();
    }
    await caughtUp();
    expect(await salesToday()).toEqual([['cash', 200_000, 1, 2]]);
  });

  it('answers the loans export and the portfolio figures from the replica', async () => {
    const agent = await approvedAgent(app.ctx, app.admin.api);
    await caughtUp();
    const figuresBefore = await app.admin.api.get('/api/admin/loans/figures');
    expect(figuresBefore.status).toBe(200);
    await pauseReplay();
    try {
      await agentSoldLoan(app.ctx, app.admin.api, agent);
      const onPrimary = await one<{ loans: number }>(app.ctx.db, sql`select count(*)::int as loans from loans`);
      expect(onPrimary.loans).toBe(1);
      const figures = await app.admin.api.get('/api/admin/loans/figures');
      expect(figures.body).toEqual(figuresBefore.body);
      const loans = await download(app.ctx, '/api/admin/exports/loans.csv', app.admin.api.cookie);
      expect(loans.bytes.toString('utf8').trim().split('\r\n')).toHaveLength(1);
    } finally {
      await resumeReplay();
    }
    await caughtUp();
    const loans = await download(app.ctx, '/api/admin/exports/loans.csv', app.admin.api.cookie);
    expect(loans.bytes.toString('utf8').trim().split('\r\n')).toHaveLength(2);
    const figures = await app.admin.api.get('/api/admin/loans/figures');
    expect(figures.body).not.toEqual(figuresBefore.body);
  });
});
