import { sql } from 'drizzle-orm';
import { enrolTotp, signUpByPhoneAndVerify, userIdOfPhone } from './auth-helpers.ts';
import { client, signedInAdmin, type Answer, type Client } from './catalog-admin.ts';
import { insertProduct } from './factories.ts';
import { applyFor, systemOnCredit } from './loan-helpers.ts';
import { MoneyModel, type NetworkPayment } from './money-model.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from './test-app.ts';
import { totpFromUri } from './totp.ts';

/** The sandbox number whose payments stay pending: the simulation answers for the network. */
export const PENDING_PHONE = '0772000106';

export type SimCustomer = { id: string; api: Client; totpUri: string };

export type World = {
  ctx: TestContext;
  admin: Client;
  customers: SimCustomer[];
  /** Products sold for cash, with their prices. */
  products: { id: string; price: number }[];
  model: MoneyModel;
};

const rows = async <T>(ctx: TestContext, query: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A customer with a verified identity and an authenticator app (withdrawals are confirmed by its code). */
async function newCustomer(ctx: TestContext): Promise<SimCustomer> {
  const account = await signUpByPhoneAndVerify(ctx);
  const id = await userIdOfPhone(ctx.db, account.e164);
  await ctx.db.execute(sql`insert into kyc_records (user_id, status, district) values (${id}, 'verified', 'Kampala')`);
  const { totpURI, cookie } = await enrolTotp(ctx, account.cookie);
  return { id, api: client(ctx, cookie), totpUri: totpURI };
}

/** The code the customer's authenticator app shows now. */
export const codeOf = (customer: SimCustomer) => totpFromUri(customer.totpUri);

/**
 * The network's answer to a payment it was asked for, as MTN gives it: the sandbox's record
 * of it settles (the first time only: a network does not change its mind), and its callback is
 * delivered to the app, whose answer is returned. `outcome` is what this callback says; a
 * callback that contradicts the network's first word is a forged or garbled one.
 */
export async function deliverCallback(world: World, payment: NetworkPayment, outcome: 'successful' | 'failed') {
  const [row] = await rows<{ id: string; callback_url: string; amount: string; status: string }>(
    world.ctx,
    sql`select s.id, s.callback_url, s.amount::text, s.status from sandbox_transactions s
        join payments p on p.provider_reference = s.id where p.id = ${payment.paymentId}`,
  );
  if (!row) throw new Error(`the network has no record of payment ${payment.paymentId}`);
  const status = outcome === 'successful' ? 'SUCCESSFUL' : 'FAILED';
  const financialTransactionId = String(1_000_000_000 + (Number.parseInt(row.id.slice(0, 7), 16) % 8_999_999_999));
  const reason = payment.kind === 'topup' ? 'NOT_ENOUGH_FUNDS' : 'PAYEE_NOT_FOUND';
  if (row.status === 'PENDING') {
    await world.ctx.db.execute(
      sql`update sandbox_transactions set status = ${status},
            financial_transaction_id = ${outcome === 'successful' ? financialTransactionId : null},
            reason = ${outcome === 'failed' ? reason : null}
          where id = ${row.id} and status = 'PENDING'`,
    );
  }
  const url = new URL(row.callback_url);
  const response = await world.ctx.request(url.pathname + url.search, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({
      ...(outcome === 'successful' ? { financialTransactionId } : { reason }),
      amount: row.amount,
      currency: 'UGX',
      status,
    }),
  });
  return response.status;
}

/** A top-up from the pending number, answered by the network at once (for setting up a wallet). */
async function fundedByTopUp(world: World, index: number, amount: number) {
  const customer = world.customers[index]!;
  const started = await customer.api.post('/api/wallet/top-ups', { amount, phone: PENDING_PHONE, network: 'mtn' });
  if (started.status !== 202) throw new Error(`top-up: ${started.status} ${JSON.stringify(started.body)}`);
  const payment: NetworkPayment = { paymentId: started.body.id, customer: index, kind: 'topup', amount, outcome: null };
  const status = await deliverCallback(world, payment, 'successful');
  if (status !== 200) throw new Error(`callback: ${status}`);
  payment.outcome = 'successful';
  world.model.network.set(payment.paymentId, payment);
  world.model.once(payment.paymentId);
  world.model.customers[index]!.wallet += amount;
}

/** The app a run drives: shared by the runs of a test file, each with customers of its own. */
export type SimulationApp = {
  ctx: TestContext;
  admin: Client;
  products: { id: string; price: number }[];
  system: { productId: string; planId: string };
};

/**
 * The real app on a fresh database, with an admin, three products sold for cash (stock enough
 * for any run) and a solar home system on credit.
 */
export async function createSimulationApp(): Promise<SimulationApp> {
  // Payments stay pending as long as the run needs: only the simulation's callbacks settle them.
  const ctx = await createTestContext({ settings: { PAYMENT_EXPIRY_MINUTES: 1440 } });
  const admin = (await signedInAdmin(ctx)).api;
  const products = [];
  for (const price of [15_000, 45_000, 120_000]) {
    const row = await insertProduct(ctx.db, { price, stock: 1_000_000, taxClass: 'exempt' });
    products.push({ id: row.id as string, price });
  }
  const { product, plan } = await systemOnCredit(ctx, admin, 1_000);
  return { ctx, admin, products, system: { productId: product.id as string, planId: plan.id } };
}

/**
 * A run's world: `count` new customers of the app, every other one buying the solar home
 * system on credit (its 300,000 deposit topped up by mobile money and paid from the wallet),
 * so it has a loan of 1,200,000 with 900,000 left to repay. A run starts from the same state
 * whichever runs came before it on the app, so a seed replays alone.
 */
export async function createWorld(app: SimulationApp, count: number): Promise<World> {
  const { ctx, admin, products, system } = app;
  const world: World = { ctx, admin, customers: [], products, model: new MoneyModel() };
  for (let i = 0; i < count; i++) {
    world.customers.push(await newCustomer(ctx));
    world.model.customers.push({ wallet: 0, loan: null, cart: new Map() });
  }
  for (let i = 0; i < count; i += 2) {
    await fundedByTopUp(world, i, 300_000);
    const applied: Answer = await applyFor(world.customers[i]!, system.productId, system.planId);
    if (applied.status >= 300) throw new Error(`loan: ${applied.status} ${JSON.stringify(applied.body)}`);
    world.model.customers[i]!.wallet -= 300_000;
    world.model.customers[i]!.loan = { id: applied.body.loans[0].id, paid: 300_000, total: 1_200_000 };
  }
  return world;
}
