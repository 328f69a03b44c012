import { agentLoanPageSchema, agentOrderPageSchema } from '@ecogrid/core/agent-books';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { applyFor, creditCustomer, overdue, systemOnCredit } from '../../../test/loan-helpers.ts';
import { serve, signedInAgent } from './field-test-setup.ts';

const app = appWithAdmin();

type Customer = Awaited<ReturnType<typeof creditCustomer>>;
type Item = { id: string; status: string; customer: { id: string; name: string; phone: string | null } };
const ids = (body: { items: Item[] }) => body.items.map((item) => item.id);

// Two agents, each with customers of their own, who bought on credit (an order and a loan each).
const book = {
  mine: undefined as unknown as { api: Client; id: string },
  other: undefined as unknown as { api: Client; id: string },
  late: undefined as unknown as Customer,
  current: undefined as unknown as Customer,
  stranger: undefined as unknown as Customer,
  loans: {} as Record<'late' | 'current' | 'stranger', string>,
  orders: {} as Record<'late' | 'current' | 'stranger', string>,
};

beforeAll(async () => {
  book.mine = await signedInAgent(app.ctx, app.admin);
  book.other = await signedInAgent(app.ctx, app.admin);
  const { product, plan } = await systemOnCredit(app.ctx, app.admin.api, 10);
  for (const name of ['late', 'current', 'stranger'] as const) {
    const customer = await creditCustomer(app.ctx, { wallet: 300_000 });
    const applied = await applyFor(customer, product.id, plan.id);
    expect(applied.status).toBe(201);
    book[name] = customer;
    book.loans[name] = applied.body.loans[0].id;
    book.orders[name] = (await customer.api.get('/api/orders')).body.items[0].id;
    await serve(app.ctx, name === 'stranger' ? book.other : book.mine, customer);
  }
  expect((await book.late.api.patch('/api/me', { village: 'Church Zone' })).status).toBe(200);
  await overdue(app.ctx, book.loans.late, 9);
});

describe('the loans of the customers an agent serves', () => {
  it('lists only their own customers’ loans, newest first, each naming the customer, with balance and days past due', async () => {
    const seen = await book.mine.api.get('/api/agent/loans');
    expect(seen.status).toBe(200);
    expect(ids(seen.body)).toEqual([book.loans.current, book.loans.late]);
    expect(seen.body.nextCursor).toBeNull();
    // As documented: the answer is the OpenAPI document's schema, to the field.
    expect(agentLoanPageSchema.strict().safeParse(seen.body).error).toBeUndefined();
    expect(seen.body.items[1]).toMatchObject({
      daysPastDue: 9,
      productName: expect.any(String),
      outstanding: expect.any(Number),
      customer: { id: book.late.id, name: 'Nambi Grace', phone: book.late.e164, village: 'Church Zone' },
    });
    expect(seen.body.items[0].customer).toMatchObject({ id: book.current.id, village: null });

    const theirs = await book.other.api.get('/api/agent/loans');
    expect(ids(theirs.body)).toEqual([book.loans.stranger]);
  });

  it('filters by arrears and by status', async () => {
    const late = await book.mine.api.get('/api/agent/loans?inArrears=true');
    expect(ids(late.body)).toEqual([book.loans.late]);
    const onTime = await book.mine.api.get('/api/agent/loans?inArrears=false');
    expect(ids(onTime.body)).toEqual([book.loans.current]);
    const active = await book.mine.api.get('/api/agent/loans?status=active');
    expect(ids(active.body)).toEqual([book.loans.current, book.loans.late]);
    expect((await book.mine.api.get('/api/agent/loans?status=completed')).body).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('pages with a cursor, every loan once', async () => {
    const first = await book.mine.api.get('/api/agent/loans?limit=1');
    expect(ids(first.body)).toEqual([book.loans.current]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await book.mine.api.get(`/api/agent/loans?limit=1&cursor=${first.body.nextCursor}`);
    expect(ids(second.body)).toEqual([book.loans.late]);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe('the orders of the customers an agent serves', () => {
  it('lists only their own customers’ orders, newest first, by status, a page at a time', async () => {
    const seen = await book.mine.api.get('/api/agent/orders');
    expect(seen.status).toBe(200);
    expect(ids(seen.body)).toEqual([book.orders.current, book.orders.late]);
    expect(agentOrderPageSchema.strict().safeParse(seen.body).error).toBeUndefined();
    expect(seen.body.items[1]).toMatchObject({
      number: expect.stringMatching(/^ORD-/),
      total: expect.any(Number),
      firstItem: expect.any(String),
      customer: { id: book.late.id, name: 'Nambi Grace', phone: book.late.e164, village: 'Church Zone' },
    });
    expect(ids((await book.other.api.get('/api/agent/orders')).body)).toEqual([book.orders.stranger]);

    const status = seen.body.items[0].status as string;
    expect(ids((await book.mine.api.get(`/api/agent/orders?status=${status}`)).body)).toContain(book.orders.current);
    expect((await book.mine.api.get('/api/agent/orders?status=cancelled')).body.items).toEqual([]);

    const first = await book.mine.api.get('/api/agent/orders?limit=1');
    const second = await book.mine.api.get(`/api/agent/orders?limit=1&cursor=${first.body.nextCursor}`);
    expect([...ids(first.body), ...ids(second.body)]).toEqual([book.orders.current, book.orders.late]);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe('who may look', () => {
  it('refuses a customer (403) and a visitor who is not signed in (401)', async () => {
    const customer = await signedInCustomer(app.ctx);
    for (const path of ['/api/agent/loans', '/api/agent/orders']) {
      expect((await customer.api.get(path)).status).toBe(403);
      expect((await book.late.api.get(path)).status).toBe(403);
      expect((await app.ctx.request(path)).status).toBe(401);
    }
  });

  it('shows an agent with no customers an empty book', async () => {
    const fresh = await signedInAgent(app.ctx, app.admin);
    expect((await fresh.api.get('/api/agent/loans')).body).toEqual({ items: [], nextCursor: null });
    expect((await fresh.api.get('/api/agent/orders')).body).toEqual({ items: [], nextCursor: null });
  });

  it('answers bad filters, limits and cursors with 400, never 500', async () => {
    for (const query of [
      'status=lost',
      'inArrears=maybe',
      'limit=0',
      'limit=101',
      'limit=two',
      'cursor=not-a-cursor',
      `cursor=${Buffer.from('2026-02-31T00:00:00Z|x').toString('base64url')}`,
    ]) {
      const loans = await book.mine.api.get(`/api/agent/loans?${query}`);
      expect(loans.status, `loans ${query}`).toBe(400);
      expect(loans.body.error.code).toEqual(expect.any(String));
      if (query.startsWith('inArrears')) continue;
      expect((await book.mine.api.get(`/api/agent/orders?${query}`)).status, `orders ${query}`).toBe(400);
    }
  });
});
