import { sql } from 'drizzle-orm';
import { insertProduct } from '../../../test/factories.ts';
import { agentSoldLoan, approvedAgent } from '../../../test/agent-money-helpers.ts';
import type { Client } from '../../../test/catalog-admin.ts';
import { creditCustomer } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';

/** A moment in Kampala (UTC+3) on a day of March 2026, the month the reports' tests read. */
export const march = (day: number, hour = 12) =>
  `2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+03:00`;
export const MARCH = 'from=2026-03-01&to=2026-03-31';

/**
 * The reports' hand-made book, every record moved into March 2026 (or out of it) so the figures
 * can be counted by hand:
 * - order A: 1 lamp (100,000), Kampala, paid 10 March;
 * - order B: 2 lamps and 1 TV kit (600,000), Gulu, sold by the agent, paid 11 March;
 * - order C: 1 TV kit, cancelled (not a sale); order D: 1 lamp paid at 00:30 on 1 April (out);
 * - a loan the agent sold on a 1,000,000 home system (credit price 1,200,000, deposit 300,000
 *   from the wallet, 4 monthly instalments of 225,000), its order paid and the loan activated
 *   15 March, its first instalment due 20 March, defaulted 25 March;
 * - the agent's March targets: sales 1,000,000, collections 500,000;
 * - the daily run's portfolio on 1 March (10 loans current, 10,000,000) and 31 March (8 current,
 *   8,000,000; 1 in PAR 1, 1,000,000; 1 in PAR 30, 1,000,000), and the loan current at the end
 *   of February and in PAR 1 at the end of March.
 */
export async function reportBook(ctx: TestContext, admin: Client) {
  const run = (statement: ReturnType<typeof sql>) => ctx.db.execute(statement);
  const lamp = await insertProduct(ctx.db, {
    name: 'Report Lamp',
    price: 100_000,
    stock: 10,
    category: 'solar-lanterns',
  });
  const tv = await insertProduct(ctx.db, { name: 'Report TV kit', price: 400_000, stock: 2, category: 'tv-kits' });
  const agent = await approvedAgent(ctx, admin, 250);
  const order = async (lines: { id: string; quantity: number }[], paidAt: string, changes = sql``) => {
    const customer = await creditCustomer(ctx, { wallet: 1_000_000 });
    for (const line of lines)
      await customer.api.post('/api/cart/items', { productId: line.id, quantity: line.quantity });
    const placed = await customer.api.post('/api/orders', {
      fulfilment: 'delivery',
      address: { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone' },
      payment: { method: 'wallet' },
    });
    if (placed.status !== 201) throw new Error(`order: ${JSON.stringify(placed.body)}`);
    await run(sql`update orders set paid_at = ${paidAt}${changes} where id = ${placed.body.order.id as string}`);
  };
  await order([{ id: lamp.id, quantity: 1 }], march(10));
  await order(
    [
      { id: lamp.id, quantity: 2 },
      { id: tv.id, quantity: 1 },
    ],
    march(11),
    sql`, district = 'Gulu', sold_by = ${agent.id}`,
  );
  await order([{ id: tv.id, quantity: 1 }], march(12), sql`, status = 'cancelled'`);
  await order([{ id: lamp.id, quantity: 1 }], '2026-03-31T21:30:00Z');
  await run(sql`update stock_movements set created_at = ${march(10)} where product_id in (${lamp.id}, ${tv.id})`);

  const { loan, product: homeSystem } = await agentSoldLoan(ctx, admin, agent);
  await run(sql`update orders set paid_at = ${march(15)} where id = ${loan.orderId}`);
  await run(sql`update loans set activated_at = ${march(15)}, defaulted_at = ${march(25)} where id = ${loan.id}`);
  await run(sql`update loan_payments set created_at = ${march(15)} where loan_id = ${loan.id}`);
  await run(sql`update payments set created_at = ${march(15)} where loan_id = ${loan.id}`);
  await run(sql`update agent_commissions set created_at = ${march(15)} where agent_id = ${agent.id}`);
  await run(sql`update loan_repayments set due_date = '2026-03-20' where loan_id = ${loan.id} and number = 1`);
  await run(
    sql`insert into agent_targets (agent_id, month, sales_target, collections_target) values (${agent.id}, '2026-03-01', 1000000, 500000)`,
  );
  await run(
    sql`insert into portfolio_days (day, bucket, loans, outstanding) values
          ('2026-03-01', 'current', 10, 10000000),
          ('2026-03-31', 'current', 8, 8000000), ('2026-03-31', 'par1', 1, 1000000), ('2026-03-31', 'par30', 1, 1000000)`,
  );
  await run(
    sql`insert into loan_month_ends (month, loan_id, bucket, outstanding) values
          ('2026-02-01', ${loan.id}, 'current', 900000), ('2026-03-01', ${loan.id}, 'par1', 900000)`,
  );
  return { lamp, tv, homeSystem, agent, loan };
}
