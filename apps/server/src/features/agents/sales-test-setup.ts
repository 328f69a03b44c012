import type { sql } from 'drizzle-orm';
import { approvedAgent, serveCustomer } from '../../../test/agent-helpers.ts';
import { lastSmsTo } from '../../../test/auth-helpers.ts';
import { appWithAdmin, type Client } from '../../../test/catalog-admin.ts';
import { insertProduct } from '../../../test/factories.ts';
import { creditCustomer, DELIVERY, systemOnCredit } from '../../../test/loan-helpers.ts';

export { DELIVERY };

/**
 * The app the agent sale tests run against, with a signed-in admin, and the steps of a sale: an
 * approved agent, a customer who consented to them, the terms texted and their code.
 */
export function saleTestApp() {
  const app = appWithAdmin();

  /** An agent at 2.5 % and a customer (identity verified unless told otherwise) who consented to them. */
  async function agentWithCustomer(options: { verified?: boolean; consent?: boolean } = {}) {
    const agent = await approvedAgent(app.ctx, app.admin.api, 250);
    const customer = await creditCustomer(app.ctx, { verified: options.verified });
    if (options.consent !== false) {
      await serveCustomer(app.ctx.db, {
        agentId: agent.id,
        customerId: customer.id,
        consentExpiresAt: new Date(Date.now() + 3_600_000),
      });
    }
    return { agent, customer, sales: `/api/agent/customers/${customer.id}/sales` };
  }

  /** Texts the customer the terms of this sale; answers the code they would read back and the SMS. */
  async function termsCode(agent: { api: Client }, sales: string, e164: string, request: object) {
    const sent = await agent.api.post(`${sales}/terms`, request);
    if (sent.status !== 202) throw new Error(`terms: ${JSON.stringify(sent.body)}`);
    const sms = (await lastSmsTo(app.ctx.db, e164))?.body ?? '';
    return { code: /code: (\d{6})/.exec(sms)![1]!, sms, sent: sent.body };
  }

  /** A lamp for cash (stock 10) and a solar home system on credit (stock 5), one of each, delivered. */
  async function lampAndSystem(lampPrice: number) {
    const { product, plan } = await systemOnCredit(app.ctx, app.admin.api, 5);
    const lamp = await insertProduct(app.ctx.db, { price: lampPrice, stock: 10 });
    const request = {
      lines: [
        { productId: lamp.id, quantity: 1 },
        { productId: product.id, quantity: 1, planId: plan.id },
      ],
      ...DELIVERY,
    };
    return { lamp, product, request };
  }

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

  return { app, agentWithCustomer, termsCode, lampAndSystem, rows };
}
