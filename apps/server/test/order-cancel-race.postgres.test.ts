import { describe, expect, it } from 'vitest';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { appWithAdmin } from './catalog-admin.ts';
import { insertProduct } from './factories.ts';
import { creditCustomer, DELIVERY } from './loan-helpers.ts';

// Real concurrency on a PostgreSQL server's pool: an admin cancelling paid orders (their price
// back to the wallet, their units back to stock) while customers check out the same product
// from their wallets. Found by the money simulation (seed 20261128, step 2859): the two took
// the stock and the ledger's accounts in opposite orders and deadlocked, answering 500.
const app = appWithAdmin();

const byWallet = { ...DELIVERY, payment: { method: 'wallet' } };

describe('cancelling paid orders while the same product is bought', () => {
  it('refunds every order and takes every checkout, with no error and no money lost', async () => {
    const lamp = await insertProduct(app.ctx.db, { price: 20_000, stock: 1_000, taxClass: 'exempt' });
    const customers = [];
    for (let i = 0; i < 12; i++) {
      const customer = await creditCustomer(app.ctx, { wallet: 200_000 });
      expect((await customer.api.post('/api/cart/items', { productId: lamp.id })).status).toBe(201);
      const placed = await customer.api.post('/api/orders', byWallet);
      expect(placed.status).toBe(201);
      expect((await customer.api.post('/api/cart/items', { productId: lamp.id })).status).toBe(201);
      customers.push({ ...customer, orderId: placed.body.order.id as string });
    }
    const answers = await Promise.all(
      customers.flatMap((c) => [
        app.admin.api.post(`/api/admin/orders/${c.orderId}/status`, {
          status: 'cancelled',
          note: 'Out of stock at the depot',
        }),
        c.api.post('/api/orders', byWallet),
      ]),
    );
    expect(answers.map((a) => a.status)).toEqual(customers.flatMap(() => [200, 201]));
    // 200,000 less the first lamp, refunded, less the second.
    for (const c of customers) expect(await walletBalance(app.ctx.db, c.id)).toBe(180_000);
  });
});
