import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#src/db/schema/orders.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { promoteToAdmin } from '../../../test/auth-helpers.ts';
import { pdfText } from '../../../test/downloads.ts';
import { insertProduct } from '../../../test/factories.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { byWallet, delivery, orderTestApp, type OrderAnswer } from './order-test-setup.ts';

const { app, call, customer, stockOf, admin, cartWith } = orderTestApp<OrderAnswer>();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

describe('checkout and orders', () => {
  it('lets the customer cancel a paid order, refunded to the wallet, and not a shipped one', async () => {
    const me = await customer(100_000);
    const lamp = await insertProduct(ctx.db, { price: 40_000, stock: 2 });
    await cartWith(me.cookie, [{ productId: lamp.id }]);
    // Whatever the caller's Idempotency-Key looks like, a cash order is a cash order.
    const order = (await call('/api/orders', me.cookie, 'POST', byWallet, `loan:${randomUUID()}`)).body.order;
    expect(order.loan).toBeNull();
    expect(await walletBalance(ctx.db, me.id)).toBe(60_000);
    const cancelled = await call(`/api/orders/${order.id}/cancel`, me.cookie, 'POST', {
      reason: 'Bought one at the market',
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'Bought one at the market' });
    expect(await walletBalance(ctx.db, me.id)).toBe(100_000);
    expect(await stockOf(lamp.id)).toBe(2);
    const again = await call(`/api/orders/${order.id}/cancel`, me.cookie, 'POST', {});
    expect([again.status, again.body.error.message]).toEqual([409, 'This order is already cancelled.']);
  });

  it("shows nobody another customer's order, receipt or cancel (404)", async () => {
    const [me, other] = [await customer(100_000), await customer()];
    await cartWith(me.cookie, [{ productId: (await insertProduct(ctx.db, { price: 10_000 })).id }]);
    const order = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
    expect((await call(`/api/orders/${order.id}`, other.cookie)).status).toBe(404);
    expect((await call(`/api/orders/${order.id}/receipt`, other.cookie)).status).toBe(404);
    expect((await call(`/api/orders/${order.id}/cancel`, other.cookie, 'POST', {})).status).toBe(404);
    expect((await call('/api/orders', other.cookie)).body.items).toEqual([]);
    expect((await call('/api/admin/orders', other.cookie)).status).toBe(403);
    expect((await call('/api/orders/not-an-id', me.cookie)).status).toBe(400);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('paid');
  });

  it('gives a paid order a PDF receipt, and none before it is paid', async () => {
    const me = await customer(100_000);
    await cartWith(me.cookie, [
      { productId: (await insertProduct(ctx.db, { name: 'Receipt Lamp', price: 25_000 })).id },
    ]);
    const order = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
    const response = await ctx.request(`/api/orders/${order.id}/receipt`, { headers: { cookie: me.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`EcoGrid-receipt-${order.number}.pdf`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1_000);
    const english = pdfText(pdf).replace(/\s+/g, ' ');
    expect(english).toContain(`Receipt for order ${order.number}`);
    // The customer's paybill account number, and how to pay to it from any phone.
    const { accountNumber } = (await call('/api/me', me.cookie)).body as unknown as { accountNumber: string };
    expect(accountNumber).toMatch(/^\d{7}$/);
    expect(english).toContain(`Account number (for paying by mobile money): ${accountNumber}`);
    expect(english).toContain(
      `To pay from any phone, choose Pay bill on MTN (*165#) or Airtel (*185#): business number 246810, account ${accountNumber}.`,
    );
    // In the customer's language, whoever downloads it.
    await call('/api/me', me.cookie, 'PATCH', { preferredLanguage: 'luganda' });
    const luganda = await ctx.request(`/api/orders/${order.id}/receipt`, { headers: { cookie: me.cookie } });
    const text = pdfText(Buffer.from(await luganda.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(`Lisiiti y'oda ${order.number}`);
    expect(text).toContain('Omugatte ogusasuddwa');
    expect(text).toContain(`Namba ya akawunti (okusasula ne mobile money): ${accountNumber}`);
    expect(text).toContain(`ennamba ya bizinensi 246810, akawunti ${accountNumber}.`);
    // An admin reads a customer's receipt only with admin tools open (an authenticator app on).
    expect((await call(`/api/orders/${order.id}/receipt`, (await admin()).cookie)).status).toBe(200);
    const halfAdmin = await customer();
    await promoteToAdmin(ctx.db, halfAdmin.id);
    expect((await call(`/api/orders/${order.id}/receipt`, halfAdmin.cookie)).status).toBe(404);
    const waiting = await customer();
    await cartWith(waiting.cookie, [{ productId: (await insertProduct(ctx.db, { price: 25_000 })).id }]);
    const pending = { ...delivery, payment: { method: 'mobile_money', phone: '0772000106', network: 'mtn' } };
    const unpaid = (await call('/api/orders', waiting.cookie, 'POST', pending, randomUUID())).body.order;
    expect((await call(`/api/orders/${unpaid.id}/receipt`, waiting.cookie)).status).toBe(409);
  });

  it('lets an admin move an order through its statuses, audited, notifying the customer and their agent, and refuses a skip', async () => {
    const boss = await admin();
    const me = await customer(100_000);
    // The agent the customer last agreed may act for them hears of each move (that consent has
    // since lapsed); an agent who served them before does not.
    const [before, agent] = [await customer(), await customer()];
    for (const [who, daysAgo] of [
      [before, 10],
      [agent, 3],
    ] as const) {
      await ctx.db.execute(sql`update users set user_type = 'agent', agent_status = 'approved' where id = ${who.id}`);
      await ctx.db.execute(
        sql`insert into agent_customers (agent_id, customer_id, consented_at, consent_expires_at)
            values (${who.id}, ${me.id}, now() - make_interval(days => ${daysAgo}), now() - make_interval(days => ${daysAgo - 1}))`,
      );
    }
    await cartWith(me.cookie, [{ productId: (await insertProduct(ctx.db, { price: 30_000 })).id }]);
    const order = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
    const skip = await call(`/api/admin/orders/${order.id}/status`, boss.cookie, 'POST', { status: 'delivered' });
    expect([skip.status, skip.body.error.message]).toEqual([409, 'An order that is paid cannot become delivered.']);
    for (const status of ['processing', 'shipped', 'delivered', 'completed']) {
      if (status === 'delivered') {
        // Bought for cash: no pay-as-you-go device goes with it.
        const withDevice = await call(`/api/admin/orders/${order.id}/status`, boss.cookie, 'POST', {
          status,
          deviceSerial: 'SHS12345678',
        });
        expect([withDevice.status, withDevice.body.error.code]).toEqual([422, 'device_not_expected']);
      }
      const moved = await call(`/api/admin/orders/${order.id}/status`, boss.cookie, 'POST', {
        status,
        note: `now ${status}`,
      });
      expect([moved.status, moved.body.status]).toEqual([200, status]);
    }
    const detail = (await call(`/api/admin/orders/${order.id}`, boss.cookie)).body as OrderAnswer & {
      audit: { action: string; actorId: string; actor: unknown; details: Record<string, unknown> }[];
    };
    expect(detail.audit.map((a) => a.action)).toEqual(['order.status', 'order.status', 'order.status', 'order.status']);
    // Each entry names the admin who moved the order, and the status it moved from and to.
    const [name] = (
      (await ctx.db.execute(sql`select full_name from users where id = ${boss.id}`)) as unknown as {
        rows: { full_name: string }[];
      }
    ).rows;
    expect(detail.audit[0]).toMatchObject({
      actorId: boss.id,
      actor: { id: boss.id, name: name!.full_name, role: 'admin' },
      details: { from: 'paid', to: 'processing' },
    });
    expect(detail.timeline.map((t) => t.status)).toEqual([
      'pending_payment',
      'paid',
      'processing',
      'shipped',
      'delivered',
      'completed',
    ]);
    const notes = (await ctx.db.execute(
      sql`select title, message from notifications where user_id = ${me.id} and type = 'order_update' order by created_at`,
    )) as unknown as { rows: { title: string; message: string }[] };
    expect(notes.rows).toEqual([
      { title: 'Order paid', message: `Your order ${order.number} is paid. We will say when it is on its way.` },
      { title: 'Order being prepared', message: `Your order ${order.number} is being prepared.` },
      { title: 'Order on its way', message: `Your order ${order.number} is out for delivery.` },
      { title: 'Order delivered', message: `Your order ${order.number} was delivered.` },
      {
        title: 'Order complete',
        message: `Your order ${order.number} is complete. Thank you for buying with EcoGrid.`,
      },
    ]);
    // Texts only for what the customer acts on; the agent reads the news in the inbox only.
    const texts = async (to: string) =>
      (
        (await ctx.db.execute(
          sql`select body from outbox_messages where channel = 'sms' and recipient = ${to} and expires_at is null order by created_at`,
        )) as unknown as { rows: { body: string }[] }
      ).rows.map((r) => r.body);
    expect(await texts(me.e164)).toEqual([
      `EcoGrid: Order on its way. Your order ${order.number} is out for delivery.`,
      `EcoGrid: Order delivered. Your order ${order.number} was delivered.`,
    ]);
    expect(await texts(agent.e164)).toEqual([]);
    const told = (await ctx.db.execute(
      sql`select message from notifications where user_id = ${agent.id} and type = 'order_update' order by created_at`,
    )) as unknown as { rows: { message: string }[] };
    const named = (await userSummaries(ctx.db, [me.id])).get(me.id)!;
    expect(told.rows.map((n) => n.message)).toContain(`${named.name}’s order ${order.number} is being prepared.`);
    expect(told.rows.map((n) => n.message).join(' ')).not.toMatch(/status:|processing|shipped/);
    const formerAgent = (await ctx.db.execute(
      sql`select count(*)::int as n from notifications where user_id = ${before.id} and type = 'order_update'`,
    )) as unknown as { rows: { n: number }[] };
    expect(formerAgent.rows[0]!.n).toBe(0);
    const list = await call(`/api/admin/orders?status=completed&q=${order.number}`, boss.cookie);
    expect(list.body.items.map((o) => o.id)).toEqual([order.id]);
    const cancel = await call(`/api/admin/orders/${order.id}/status`, boss.cookie, 'POST', {
      status: 'cancelled',
      note: 'x',
    });
    expect(cancel.status).toBe(409);
  });
});
