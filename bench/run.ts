/**
 * `npm run bench`: the catalogue API against the raw driver (on a throw-away PostgreSQL), the
 * marketplace page's JavaScript and Lighthouse score, password hashing and sign-in, open event
 * streams, and wallet payments against pgbench on the same PostgreSQL server. Prints
 * the figures and writes them to bench/results/latest.json; bench/README.md records them with
 * the date.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchAgents } from './agents.bench.ts';
import { benchAuth } from './auth.bench.ts';
import { benchBackOffice } from './back-office.bench.ts';
import { benchEvents } from './events.bench.ts';
import { benchCatalogApi } from './catalog-api.bench.ts';
import { benchCollections } from './collections.bench.ts';
import { ROOT } from './lib.ts';
import { benchLoans } from './loans.bench.ts';
import { benchMarketplacePage } from './marketplace-page.bench.ts';
import { benchOrders } from './orders.bench.ts';
import { benchSimulation } from './simulation.bench.ts';
import { benchUssd } from './ussd.bench.ts';
import { benchWallet } from './wallet.bench.ts';

// `npm run bench -- api`, `-- page`, `-- auth`, `-- events`, `-- wallet`, `-- orders`, `-- loans`, `-- agents`
// `-- collections`, `-- ussd` or `-- office` runs one of the eleven. `-- simulation [steps] [seed]`
// runs the seeded money simulation at length (10,000 steps unless told); it is not part of a run
// of them all.
const BENCHMARKS = [
  'api',
  'page',
  'auth',
  'events',
  'wallet',
  'orders',
  'loans',
  'agents',
  'collections',
  'ussd',
  'office',
];
const only = process.argv[2];
if (only !== undefined && only !== 'simulation' && !BENCHMARKS.includes(only)) {
  console.error(`Unknown benchmark ${only}: choose one of ${BENCHMARKS.join(', ')}, or none for all.`);
  process.exit(1);
}
const runs = (name: string) => only === undefined || only === name;

if (!process.env.DATABASE_URL) {
  // Re-run this script with a throw-away PostgreSQL server behind DATABASE_URL.
  const child = spawnSync(
    path.join(ROOT, 'scripts/with-postgres.sh'),
    [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(child.status ?? 1);
}

// The sign-in, event-stream and wallet benchmarks serve no pages, so they need no web build.
if (runs('api') || runs('page')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let catalogApi: Awaited<ReturnType<typeof benchCatalogApi>> | undefined;
let marketplace: Awaited<ReturnType<typeof benchMarketplacePage>> | undefined;
let auth: Awaited<ReturnType<typeof benchAuth>> | undefined;
let events: Awaited<ReturnType<typeof benchEvents>> | undefined;
let wallet: Awaited<ReturnType<typeof benchWallet>> | undefined;
let orders: Awaited<ReturnType<typeof benchOrders>> | undefined;
let loans: Awaited<ReturnType<typeof benchLoans>> | undefined;
let agents: Awaited<ReturnType<typeof benchAgents>> | undefined;
let collections: Awaited<ReturnType<typeof benchCollections>> | undefined;
let ussd: Awaited<ReturnType<typeof benchUssd>> | undefined;
let office: Awaited<ReturnType<typeof benchBackOffice>> | undefined;

if (runs('api')) {
  catalogApi = await benchCatalogApi(process.env.DATABASE_URL);
  console.log('\n(a) catalogue list API, 24 products, PostgreSQL');
  console.table({ app: catalogApi.app, 'raw pg driver': catalogApi.raw });
  console.log(`ratio app/raw: ${catalogApi.ratio} (target >= 0.6)`);
}
if (runs('page')) {
  marketplace = await benchMarketplacePage();
  console.log('\n(b) marketplace page');
  console.log(JSON.stringify(marketplace, null, 2));
}
if (runs('auth')) {
  auth = await benchAuth(process.env.DATABASE_URL);
  console.log('\n(c) password hashing and sign-in, PostgreSQL');
  console.log(JSON.stringify(auth, null, 2));
}
if (runs('events')) {
  events = await benchEvents(process.env.DATABASE_URL);
  console.log('\n(d) 1,000 open event streams, PostgreSQL');
  console.log(JSON.stringify(events, null, 2));
}
if (runs('wallet')) {
  wallet = await benchWallet(process.env.DATABASE_URL);
  console.log('\n(e) wallet payments against pgbench tpcb-like, 32 connections, one PostgreSQL server');
  console.log(JSON.stringify(wallet, null, 2));
  console.table({
    'wallet payments (HTTP)': {
      'per second': wallet.wallet.paymentsPerSec,
      'p50 ms': wallet.wallet.p50Ms,
      'p99 ms': wallet.wallet.p99Ms,
      errors: wallet.wallet.failures,
    },
    [`pgbench tpcb-like, scale ${wallet.pgbench.scale}`]: {
      'per second': wallet.pgbench.tps,
      'p50 ms': wallet.pgbench.p50Ms,
      'p99 ms': wallet.pgbench.p99Ms,
      errors: wallet.pgbench.failed,
    },
    'pgbench tpcb-like, scale 1': {
      'per second': wallet.pgbenchScale1.tps,
      'p50 ms': wallet.pgbenchScale1.p50Ms,
      'p99 ms': wallet.pgbenchScale1.p99Ms,
      errors: wallet.pgbenchScale1.failed,
    },
  });
  console.log(
    `ratio wallet/pgbench: ${wallet.ratio} (target >= ${wallet.target}: ${wallet.met ? 'met' : 'NOT met'}); ` +
      `against scale 1: ${wallet.ratioToScale1}`,
  );
  const l = wallet.wallet.ledger;
  console.log(
    `ledger check: ${l.ok ? 'balanced' : 'PROBLEMS'} (unbalanced transactions ${l.unbalancedTransactions}, ` +
      `accounts off their postings ${l.accountsOffTheirPostings}, negative wallets ${l.negativeWallets}, ` +
      `total ${l.total}; revenue equals wallet payments: ${l.revenueEqualsPayments})`,
  );
  if (!l.ok) process.exitCode = 1;
}

if (runs('orders')) {
  orders = await benchOrders(process.env.DATABASE_URL);
  console.log(`\n(f) orders paid from the wallet, and reads with ${orders.ordersInDatabase} orders stored, PostgreSQL`);
  console.log(JSON.stringify(orders, null, 2));
  console.table(
    Object.fromEntries([
      [
        'checkout from the wallet',
        {
          'per second': orders.orders.ordersPerSec,
          'p50 ms': orders.orders.p50Ms,
          'p99 ms': orders.orders.p99Ms,
          errors: orders.orders.errors,
        },
      ],
      ...orders.reads.map((r) => [
        `GET ${r.path}`,
        { 'per second': r.requestsPerSec, 'p50 ms': r.p50Ms, 'p99 ms': r.p99Ms, errors: r.errors },
      ]),
    ]),
  );
  console.log(
    `signed-in reads against the public catalogue: cart ${orders.ratios.cartToCatalogue}, my orders ${orders.ratios.myOrdersToCatalogue} (target >= 0.7)`,
  );
  console.log(
    `checkouts against pgbench tpcb-like (scale ${orders.pgbench.scale}, ${orders.pgbench.tps} tps): ${orders.ratios.checkoutsToPgbench} (target >= 0.2)`,
  );
  if (!orders.ledger.ok) process.exitCode = 1;
}

if (runs('loans')) {
  loans = await benchLoans(process.env.DATABASE_URL);
  console.log(
    `\n(g) the daily reminders-and-arrears job and the portfolio figures, ${loans.loans} active loans, PostgreSQL`,
  );
  console.log(JSON.stringify(loans, null, 2));
  if (loans.sameDayAgain.result.reminders + loans.sameDayAgain.result.enteredArrears > 0) process.exitCode = 1;
}

if (runs('agents')) {
  agents = await benchAgents(process.env.DATABASE_URL);
  console.log(
    `\n(h) the agent's home, ${agents.customers.big} customers against ${agents.customers.small}, PostgreSQL`,
  );
  console.log(JSON.stringify({ seed: agents.seed, ledger: agents.ledger }, null, 2));
  console.table(
    Object.fromEntries(
      agents.endpoints.flatMap((e) =>
        (['big', 'small'] as const).map((book) => [
          `${e.path} (${book})`,
          {
            'p50 ms': e[book].p50Ms,
            'p99 ms': e[book].p99Ms,
            'req/s': e[book].requestsPerSec,
            'load p99 ms': e[book].loadP99Ms,
            bytes: e[book].bytes,
            failures: e[book].failures,
          },
        ]),
      ),
    ),
  );
  for (const e of agents.endpoints) {
    console.log(`${e.path}: p50 big/small ${e.p50Ratio}, req/s big/small ${e.requestsRatio}`);
  }
  if (!agents.ledger.ok || agents.endpoints.some((e) => e.big.failures + e.small.failures > 0)) process.exitCode = 1;
}

if (runs('collections')) {
  const c = await benchCollections(process.env.DATABASE_URL);
  collections = c;
  console.log(
    `\n(i) the daily collections run, ${c.big.loans} loans in mixed states against ${c.small.loans}, PostgreSQL`,
  );
  console.log(JSON.stringify(c, null, 2));
  const idle = (book: typeof c.big) =>
    book.sameDayAgain.did.every((r) => r.reminders + r.lateFees + r.defaulted + r.followUps + r.enteredArrears === 0);
  const balanced = (book: typeof c.big) => Object.values(book.ledger).every((n) => n === 0);
  if (![c.big, c.small].every((b) => idle(b) && balanced(b))) process.exitCode = 1;
}

if (runs('ussd')) {
  ussd = await benchUssd(process.env.DATABASE_URL);
  console.log(`\n(j) the USSD callback with ${ussd.customers} customers against the catalogue list, PostgreSQL`);
  console.table({
    'USSD balance screen': {
      'req/s': ussd.ussd.requestsPerSec,
      'p50 ms': ussd.ussd.p50Ms,
      'p99 ms': ussd.ussd.p99Ms,
      failures: ussd.ussd.failures,
    },
    'GET /api/catalog/products': {
      'req/s': ussd.catalog.requestsPerSec,
      'p50 ms': ussd.catalog.p50Ms,
      'p99 ms': ussd.catalog.p99Ms,
      failures: ussd.catalog.failures,
    },
  });
  console.log(`ratio USSD/catalogue: ${ussd.ratio}`);
  if (ussd.ussd.failures + ussd.catalog.failures > 0) process.exitCode = 1;
}

if (runs('office')) {
  office = await benchBackOffice(process.env.DATABASE_URL);
  console.log(
    `\n(k) the back office on ${office.book?.customers} customers, ${office.book?.loans} loans and ${office.book?.postings} postings, against an empty database, PostgreSQL`,
  );
  console.log(`seeded in ${office.seedSeconds} s; ${office.runs} reads each`);
  console.table(
    Object.fromEntries(
      Object.entries(office.large).map(([name, big]) => [
        name,
        {
          'empty p50 ms': office!.empty[name]!.p50Ms,
          'empty p95 ms': office!.empty[name]!.p95Ms,
          'large p50 ms': big.p50Ms,
          'large p95 ms': big.p95Ms,
        },
      ]),
    ),
  );
}

let simulation: ReturnType<typeof benchSimulation> | undefined;
if (only === 'simulation') {
  const steps = Number(process.argv[3] ?? 10_000);
  const seed = Number(process.argv[4] ?? 20_261_128);
  simulation = benchSimulation(process.env.DATABASE_URL, steps, seed);
  console.log(`\n(l) seeded money simulation, ${steps} steps of seed ${seed}, PostgreSQL`);
  console.log(JSON.stringify(simulation, null, 2));
  if (!simulation.passed) process.exitCode = 1;
}

// A run of one benchmark keeps the others' last figures.
const file = path.join(ROOT, 'bench/results/latest.json');
const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
const results = {
  ...previous,
  date: new Date().toISOString(),
  node: process.version,
  ...(catalogApi && { catalogApi }),
  ...(ussd && { ussd }),
  ...(marketplace && { marketplace }),
  ...(auth && { auth }),
  ...(events && { events }),
  ...(wallet && { wallet }),
  ...(orders && { orders }),
  ...(loans && { loans }),
  ...(agents && { agents }),
  ...(collections && { collections }),
  ...(office && { office }),
  ...(simulation && { simulation }),
};
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(results, null, 2));
console.log('\nwritten to bench/results/latest.json');
