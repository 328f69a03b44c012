/**
 * (f) Orders placed and paid from the wallet, and the shopper's reads with 100,000 orders stored.
 *
 * The full app (bench/auth-server.ts: createApp with its sessions, on the PostgreSQL server in
 * DATABASE_URL) with PRODUCTS products in stock. USERS customers sign up through the API, are
 * confirmed, sign in (each connection keeps one customer's session cookie) and have their
 * wallets funded; HISTORY orders (with a line and two timeline entries each) are written
 * straight into the database for HISTORY_CUSTOMERS other customers and the bench customers, so
 * the tables hold 100,000 orders before anything is measured.
 *
 * Orders: autocannon with CONNECTIONS connections, each as its own customer, repeats "add a
 * product to the cart" (POST /api/cart/items) then "check out from the wallet"
 * (POST /api/orders with a fresh Idempotency-Key: stock taken, order and lines written, cart
 * emptied, payment and ledger entry, order paid, notification and realtime event, all in one
 * transaction) for WARMUP_S then RUN_S seconds. An order counts only when its checkout answers
 * 201 with status 'paid'.
 *
 * Reads: then GET /api/catalog/products, GET /api/cart and GET /api/orders (my orders, first
 * page), each alone for READ_S seconds at CONNECTIONS connections, signed in as the customers.
 *
 * Afterwards checkLedger must find nothing wrong and the orders paid must match the 201s.
 */
import { randomInt, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { products } from '../apps/server/src/db/schema/catalog.ts';
import { checkLedger, HOUSE_ACCOUNTS, postJournal } from '../apps/server/src/features/wallet/ledger.service.ts';
import { buildProduct } from '../apps/server/test/factories.ts';
import { procStat } from './cpu-usage.ts';
import { signedInAccounts, startApp, stopProcess, twoDecimals } from './lib.ts';
import { benchPgbench } from './pgbench.ts';

const CONNECTIONS = 32;
const USERS = CONNECTIONS;
const PRODUCTS = 24;
const HISTORY = 100_000;
const HISTORY_CUSTOMERS = 5_000;
const FUNDING = 1_000_000_000;
const WARMUP_S = 5;
const RUN_S = 20;
const READ_S = 10;
const SETTLE_MS = 2_000;
/** The yardstick for checkouts, run after them on the same server: pgbench tpcb-like at scale 32, 32 clients. */
const PGBENCH_SCALE = 32;
const PGBENCH_LOAD = { connections: CONNECTIONS, warmupS: WARMUP_S, runS: RUN_S };

/** The PostgreSQL server's postmaster, whose CPU pgbench's figures include. */
async function postmasterOf(databaseUrl: string): Promise<number> {
  const handle = await openDatabase({ databaseUrl, poolMax: 1 });
  try {
    if (handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const { rows } = await handle.client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return procStat(rows[0]!.pid)?.ppid ?? NaN;
  } finally {
    await handle.close();
  }
}

const oneDecimal = (value: number) => Number(value.toFixed(1));
const checkout = {
  fulfilment: 'delivery',
  address: { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone', directions: '' },
  payment: { method: 'wallet' },
};

type Customer = { id: string; cookie: string };

async function makeCustomers(baseUrl: string, databaseUrl: string): Promise<Customer[]> {
  const run = Date.now().toString(36);
  const accounts = Array.from({ length: USERS }, (_, i) => ({
    email: `orders-${run}-${i}@bench.example`,
    password: `Violet harbour ${i} quartz lantern`,
    name: `Customer ${i}`,
  }));
  return signedInAccounts(baseUrl, databaseUrl, accounts);
}

/** Products in stock, wallets funded, and HISTORY orders already in the tables. */
async function seed(databaseUrl: string, customers: Customer[]): Promise<string[]> {
  const handle = await openDatabase({ databaseUrl, poolMax: 2 });
  try {
    const rows = await handle.db
      .insert(products)
      .values(
        Array.from({ length: PRODUCTS }, (_, i) => buildProduct({ price: 20_000 + i * 5_000, stock: 10_000_000 })),
      )
      .returning({ id: products.id });
    await handle.db.transaction(async (tx) => {
      for (const customer of customers) {
        await postJournal(tx, {
          idempotencyKey: `bench-fund:${customer.id}`,
          kind: 'wallet_topup',
          description: 'Bench funding',
          postings: [
            { account: HOUSE_ACCOUNTS.clearing.mtn, amount: -FUNDING },
            { wallet: customer.id, amount: FUNDING },
          ],
        });
      }
    });
    if (handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const client = handle.client;
    const run = Date.now().toString(36);
    await client.query(
      `insert into users (id, name, full_name, email, email_verified)
       select 'hist-${run}-' || g, 'History ' || g, 'History ' || g, 'hist-${run}-' || g || '@bench.example', true
       from generate_series(1, $1) g`,
      [HISTORY_CUSTOMERS],
    );
    // Every bench customer has a page or more of orders; the rest belong to the other customers.
    await client.query(
      `with buyers as (
         select array_agg(id order by id) as ids from users where id like 'hist-${run}-%' or id = any($2::text[])
       ), made as (
         insert into orders (user_id, status, fulfilment, district, sub_county, village, subtotal, delivery_fee, total,
                             payment_method, idempotency_key, paid_at, created_at)
         select ids[1 + (g % array_length(ids, 1))],
                (array['paid','processing','shipped','delivered','completed','completed','completed','cancelled'])[1 + g % 8],
                'delivery', 'Kampala', 'Kampala Central', 'Church Zone', 50000, 0, 50000, 'wallet', 'history-' || g,
                now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
         from buyers, generate_series(1, $1) g
         returning id, created_at
       ), lines as (
         insert into order_lines (order_id, product_id, name, sku, unit_price, quantity, line_total, tax_class)
         select made.id, $3::uuid, 'History lantern', 'HIST-1', 50000, 1, 50000, 'exempt' from made
       )
       insert into order_events (order_id, status, note, created_at)
       select id, s, null, created_at from made, unnest(array['pending_payment', 'paid']) s`,
      [HISTORY, customers.map((c) => c.id), rows[0]!.id],
    );
    await client.query('analyze');
    return rows.map((r) => r.id);
  } finally {
    await handle.close();
  }
}

type Context = { customer?: Customer };

async function placeOrders(baseUrl: string, customers: Customer[], productIds: string[], duration: number) {
  let next = 0;
  const statuses: Record<string, number> = {};
  let paid = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration,
    initialContext: {},
    requests: [
      {
        method: 'POST',
        path: '/api/cart/items',
        setupRequest: (request, context: Context) => {
          context.customer ??= customers[next++ % customers.length];
          return {
            ...request,
            headers: { 'content-type': 'application/json', origin: baseUrl, cookie: context.customer!.cookie },
            body: JSON.stringify({ productId: productIds[randomInt(productIds.length)], quantity: 1 }),
          };
        },
        onResponse: (status) => {
          statuses[`cart ${status}`] = (statuses[`cart ${status}`] ?? 0) + 1;
        },
      },
      {
        method: 'POST',
        path: '/api/orders',
        setupRequest: (request, context: Context) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            'accept-encoding': 'gzip, deflate, br',
            origin: baseUrl,
            cookie: context.customer!.cookie,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify(checkout),
        }),
        onResponse: (status, body) => {
          statuses[`order ${status}`] = (statuses[`order ${status}`] ?? 0) + 1;
          if (status === 201 && (JSON.parse(body) as { order: { status: string } }).order.status === 'paid') paid++;
        },
      },
    ],
  });
  return {
    ordersPaid: paid,
    ordersPerSec: oneDecimal(paid / duration),
    requestsPerSec: oneDecimal(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
  };
}

async function read(baseUrl: string, path: string, customers: Customer[]) {
  let next = 0;
  const statuses: Record<string, number> = {};
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: READ_S,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (request) => ({
          ...request,
          headers: { 'accept-encoding': 'gzip, deflate, br', cookie: customers[next++ % customers.length]!.cookie },
        }),
        onResponse: (status) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      },
    ],
  });
  return {
    path,
    requestsPerSec: oneDecimal(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
  };
}

export async function benchOrders(databaseUrl: string) {
  const { server, baseUrl } = await startApp(databaseUrl);
  try {
    const customers = await makeCustomers(baseUrl, databaseUrl);
    const productIds = await seed(databaseUrl, customers);
    await placeOrders(baseUrl, customers, productIds, WARMUP_S);
    const orders = await placeOrders(baseUrl, customers, productIds, RUN_S);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const reads = [
      await read(baseUrl, '/api/catalog/products?limit=24', customers),
      await read(baseUrl, '/api/cart', customers),
      await read(baseUrl, '/api/orders?limit=20', customers),
    ];
    const handle = await openDatabase({ databaseUrl, poolMax: 2 });
    try {
      if (handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const problems = await checkLedger(handle.db);
      const { rows } = await handle.client.query<{ orders: number; placed: number }>(
        `select (select count(*)::int from orders) as orders,
                (select count(*)::int from orders where idempotency_key not like 'history-%') as placed`,
      );
      const pgbench = await benchPgbench(databaseUrl, await postmasterOf(databaseUrl), PGBENCH_SCALE, PGBENCH_LOAD);
      const catalogue = reads[0]!.requestsPerSec;
      return {
        connections: CONNECTIONS,
        ordersInDatabase: rows[0]!.orders,
        orders,
        reads,
        pgbench: { scale: PGBENCH_SCALE, tps: pgbench.tps },
        ratios: {
          cartToCatalogue: twoDecimals(reads[1]!.requestsPerSec / catalogue),
          myOrdersToCatalogue: twoDecimals(reads[2]!.requestsPerSec / catalogue),
          checkoutsToPgbench: twoDecimals(orders.ordersPerSec / pgbench.tps),
        },
        ledger: {
          ...problems,
          ok:
            problems.unbalancedTransactions === 0 &&
            problems.accountsOffTheirPostings === 0 &&
            problems.negativeWallets === 0 &&
            problems.total === 0,
          placedOrdersInDatabase: rows[0]!.placed,
        },
      };
    } finally {
      await handle.close();
    }
  } finally {
    await stopProcess(server);
  }
}
