import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#src/db/schema/audit.ts';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { signedInAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import '../../../test/ledger-check.ts';

let ctx: TestContext;
let admin: { id: string; api: Client };
let customer: { id: string; api: Client };
const at = new Date('2026-03-02T07:15:00.123456Z');
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInAdmin(ctx);
  customer = await signedInCustomer(ctx);
});
afterAll(async () => ctx.close());

type Item = {
  id: string;
  source: string;
  at: string;
  actor: { id: string; name: string | null; role: string | null } | null;
  action: string;
  entityType: string;
  entityId: string;
  reason: string | null;
  amount: number | null;
  postings: { account: string; person: string | null; amount: number }[];
};

/** Three admin actions and a top-up, all at one moment (to the microsecond), on 2 March 2026. */
async function sameMoment() {
  const actions = ['order.status', 'order.cancel', 'loan.write_off'].map((action) => ({
    actorId: admin.id,
    action,
    entityType: action.split('.')[0]!,
    entityId: randomUUID(),
    reason: 'Test entry',
    details: { from: 'paid', to: 'processing' },
    createdAt: at,
  }));
  await ctx.db.insert(auditLog).values(actions);
  const { transactionId } = await ctx.db.transaction((tx) =>
    postJournal(tx, {
      idempotencyKey: `log-test:${randomUUID()}`,
      kind: 'wallet_topup',
      description: 'Top-up by MTN Mobile Money',
      postings: [
        { account: HOUSE_ACCOUNTS.clearing.mtn, amount: -50_000 },
        { wallet: customer.id, amount: 50_000 },
      ],
    }),
  );
  await ctx.db.execute(sql`alter table journal_transactions disable trigger journal_transactions_append_only`);
  await ctx.db.execute(
    sql`update journal_transactions set created_at = ${at.toISOString()} where id = ${transactionId}`,
  );
  await ctx.db.execute(sql`alter table journal_transactions enable trigger journal_transactions_append_only`);
  return { actions, transactionId };
}

const day = '2026-03-02';

describe('the system log', () => {
  it('lists admin actions and money movements in one log, named, and pages through a shared moment exactly', async () => {
    const { actions, transactionId } = await sameMoment();
    const all: Item[] = [];
    let cursor: string | null = null;
    do {
      const page = await admin.api.get(
        `/api/admin/system-log?from=${day}&to=${day}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      all.push(...(page.body.items as Item[]));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(all).toHaveLength(4);
    expect(new Set(all.map((i) => i.id)).size).toBe(4);
    expect(all.map((i) => i.id)).toContain(transactionId);
    expect(
      all
        .filter((i) => i.source === 'admin')
        .map((i) => i.action)
        .sort(),
    ).toEqual(actions.map((a) => a.action).sort());
    const money = all.find((i) => i.source === 'money')!;
    expect(money).toMatchObject({
      action: 'money.wallet_topup',
      reason: 'Top-up by MTN Mobile Money',
      amount: 50_000,
      at: '2026-03-02T07:15:00.123Z',
    });
    expect(money.postings).toContainEqual({
      account: `wallet:${customer.id}`,
      person: expect.any(String),
      amount: 50_000,
    });
    expect(money.postings).toContainEqual({ account: 'clearing:mtn', person: null, amount: -50_000 });
    const action = all.find((i) => i.action === 'loan.write_off')!;
    expect(action.actor).toMatchObject({ id: admin.id, role: 'admin' });
    expect(action.actor?.name).toBeTruthy();
  });

  it('filters by source, action and its start, and person', async () => {
    const ask = async (query: string) =>
      ((await admin.api.get(`/api/admin/system-log?from=${day}&to=${day}&${query}`)).body.items as Item[]).map(
        (i) => i.action,
      );
    expect(await ask('source=money')).toEqual(['money.wallet_topup']);
    expect((await ask('source=admin')).sort()).toEqual(['loan.write_off', 'order.cancel', 'order.status']);
    expect((await ask('action=order.*')).sort()).toEqual(['order.cancel', 'order.status']);
    expect(await ask('action=money.*')).toEqual(['money.wallet_topup']);
    expect(await ask('action=loan.write_off')).toEqual(['loan.write_off']);
    expect((await ask(`actorId=${admin.id}`)).sort()).toEqual(['loan.write_off', 'order.cancel', 'order.status']);
    // An exact action is one kind: 'money' alone names none; a record id that is no payment's, no movement.
    expect(await ask('action=money')).toEqual([]);
    expect(await ask('action=money.wallet_topup')).toEqual(['money.wallet_topup']);
    expect(await ask('source=money&entityId=not-a-payment')).toEqual([]);
  });

  it('exports the same lines as CSV, and refuses bad filters and non-admins', async () => {
    const file = await ctx.request(`/api/admin/system-log.csv?from=${day}&to=${day}`, {
      headers: { cookie: admin.api.cookie! },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await file.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,source,who,role,action,record_type,record_id,reason_or_description,amount_ugx,details,ip_address',
    );
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.includes('money.wallet_topup'))).toContain('50000');

    expect((await admin.api.get(`/api/admin/system-log?from=${day}`)).status).toBe(422);
    expect((await admin.api.get('/api/admin/system-log?from=2026-03-05&to=2026-03-01')).status).toBe(422);
    expect((await admin.api.get('/api/admin/system-log?cursor=bm9wZQ')).status).toBe(400);
    const impossible = Buffer.from('2026-99-99T99:99:99.000000Z|x').toString('base64url');
    expect((await admin.api.get(`/api/admin/system-log?cursor=${impossible}`)).status).toBe(400);
    expect((await admin.api.get('/api/admin/system-log?action=DROP%20TABLE')).status).toBe(400);
    expect((await customer.api.get('/api/admin/system-log')).status).toBe(403);
    expect((await customer.api.get('/api/admin/system-log.csv')).status).toBe(403);
  });

  it('cannot be changed or removed, nor can the ledger be emptied, by the database role itself', async () => {
    const refusal = async (statement: Promise<unknown>) => {
      try {
        await statement;
        return 'done';
      } catch (error) {
        return String((error as { cause?: unknown }).cause ?? error);
      }
    };
    expect(await refusal(ctx.db.execute(sql`update audit_log set reason = 'changed'`))).toMatch(/append-only/);
    expect(await refusal(ctx.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect(await refusal(ctx.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    expect(await refusal(ctx.db.execute(sql`truncate ledger_postings cascade`))).toMatch(/append-only/);
    const [{ n }] = (
      (await ctx.db.execute(sql`select count(*)::int as n from audit_log where reason = 'Test entry'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    expect(n).toBe(3);
  });
});
