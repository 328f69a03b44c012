/**
 * Benchmark (e): wallet payments per second through HTTP against pgbench's TPC-B-like
 * transaction, on the same PostgreSQL server in one run.
 *
 * Wallet: bench/wallet-server.ts (POST /bench/wallet-payments: the Idempotency-Key middleware,
 * the core amountSchema, payFromWallet) on the PostgreSQL server in DATABASE_URL, with a pool
 * of POOL. USERS users are made and each funded with FUNDING through postJournal, as a
 * top-up would; autocannon with CONNECTIONS connections then sends payments for WARMUP_S and
 * RUN_S seconds, each from a random user, with a random amount and a fresh Idempotency-Key.
 * Afterwards checkLedger must find nothing wrong, and the sales revenue account must equal the
 * payments it was paid.
 *
 * pgbench: `pgbench -i -s SCALE` into a database of its own on the same server, then
 * `pgbench -b tpcb-like -c CONNECTIONS -j 2 -T RUN_S` (after a WARMUP_S run), its tps parsed
 * and its per-transaction log read for p50 and p99; then the same at scale 1, whose one branch
 * row every transaction updates, as every wallet payment updates the one revenue account.
 *
 * Profile, for each run: the CPU time (user + system, from /proc) of the server processes, of
 * PostgreSQL (the postmaster and its backends, exited ones included) and of the load generator,
 * per payment or transaction, and how busy the machine's cores were; the SQL statements the
 * server sent per payment; and what the database's client backends were doing, sampled every
 * SAMPLE_MS from pg_stat_activity (on CPU, waiting for a lock, idle in a transaction waiting for
 * the client, idle between transactions). For the wallet, also the server's event-loop busy share.
 *
 * WALLET_WORKERS=n runs n server processes (node:cluster); WALLET_CPU_PROFILE=dir has the
 * server write a V8 CPU profile there when it stops.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users as usersTable } from '../apps/server/src/db/schema/auth.ts';
import { checkLedger, HOUSE_ACCOUNTS, postJournal } from '../apps/server/src/features/wallet/ledger.service.ts';
import { cpuMark, procStat, profile, sampleBackends } from './cpu-usage.ts';
import { freePort, oneDecimal, PRODUCTION_ENV, startProcess, stopProcess, twoDecimals } from './lib.ts';
import { benchPgbench } from './pgbench.ts';

const CONNECTIONS = 32;
/** The server's pool of PostgreSQL connections (DB_POOL_MAX): the app's default unless WALLET_POOL says otherwise. */
const POOL = Number(process.env.WALLET_POOL ?? 10);
const USERS = 1_000;
/** UGX 100 million each: 20 s of the largest payments below at 1,000 a second spend under 1%. */
const FUNDING = 100_000_000;
const AMOUNT = { min: 500, max: 50_000 };
const WARMUP_S = 5;
const RUN_S = 20;
/** pgbench's scale for the comparison: one branch per client, the scale pgbench's manual asks for. */
const SCALE = 32;
/** Copies of the server (node:cluster); 1 unless WALLET_WORKERS says otherwise. */
const WORKERS = Number(process.env.WALLET_WORKERS ?? 1);
/** After the measured run, time for the server to finish the payments autocannon left in flight. */
const SETTLE_MS = 2_000;
const LOAD = { connections: CONNECTIONS, warmupS: WARMUP_S, runS: RUN_S };

// ---- wallet ----

async function seedUsers(databaseUrl: string): Promise<string[]> {
  const handle = await openDatabase({ databaseUrl, poolMax: 2 });
  try {
    const run = Date.now().toString(36);
    const ids = Array.from({ length: USERS }, () => randomUUID());
    await handle.db.insert(usersTable).values(
      ids.map((id, i) => ({
        id,
        name: `Wallet bench ${i}`,
        fullName: `Wallet bench ${i}`,
        email: `wallet-${run}-${i}@bench.example`,
      })),
    );
    await handle.db.transaction(async (tx) => {
      for (const id of ids) {
        await postJournal(tx, {
          idempotencyKey: `bench-fund:${id}`,
          kind: 'wallet_topup',
          description: 'Bench funding',
          postings: [
            { account: HOUSE_ACCOUNTS.clearing.mtn, amount: -FUNDING },
            { wallet: id, amount: FUNDING },
          ],
        });
      }
    });
    return ids;
  } finally {
    await handle.close();
  }
}

type Usage = {
  requests: number;
  statements: number;
  paymentMs: number;
  loopBusyMs: number;
};

async function serverUsage(baseUrl: string): Promise<Usage> {
  return (await (await fetch(`${baseUrl}/bench/usage`)).json()) as Usage;
}

async function pay(baseUrl: string, users: string[], duration: number) {
  const statuses: Record<string, number> = {};
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/bench/wallet-payments',
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            // As a phone's browser sends it.
            'accept-encoding': 'gzip, deflate, br',
            'x-bench-user': users[randomInt(users.length)]!,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ amount: randomInt(AMOUNT.min, AMOUNT.max + 1) }),
        }),
        onResponse: (status) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      },
    ],
  });
  const payments = statuses['201'] ?? 0;
  return {
    payments,
    /** Responses other than 201, and connection errors and timeouts. */
    failures: result.requests.total - payments + result.errors + result.timeouts,
    paymentsPerSec: oneDecimal(payments / duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: oneDecimal(result.latency.average),
    statuses,
    errors: result.errors + result.timeouts,
  };
}

async function benchWalletPayments(databaseUrl: string, postmasterPid: number) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // WALLET_CPU_PROFILE=dir: the server writes a V8 CPU profile there when it stops.
  const profileDir = process.env.WALLET_CPU_PROFILE;
  const server = await startProcess(
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      '--import',
      'tsx',
      'bench/wallet-server.ts',
    ],
    {
      DATABASE_URL: databaseUrl,
      DB_POOL_MAX: String(POOL),
      BENCH_WORKERS: String(WORKERS),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ...PRODUCTION_ENV,
    },
    `${baseUrl}/bench/ready`,
  );
  try {
    const users = await seedUsers(databaseUrl);
    const warmup = await pay(baseUrl, users, WARMUP_S);

    const database = new URL(databaseUrl).pathname.slice(1);
    const usageBefore = await serverUsage(baseUrl);
    const before = cpuMark(server.pid!, postmasterPid);
    const stopSampling = sampleBackends(databaseUrl, database);
    const started = performance.now();
    const run = await pay(baseUrl, users, RUN_S);
    const usageRun = await serverUsage(baseUrl);
    const runMs = performance.now() - started;
    const backends = await stopSampling();
    const after = cpuMark(server.pid!, postmasterPid);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const usageAfter = await serverUsage(baseUrl);
    const requests = usageAfter.requests - usageBefore.requests;
    const delta = (key: keyof Usage) => usageAfter[key] - usageBefore[key];

    const handle = await openDatabase({ databaseUrl, poolMax: 2 });
    try {
      if (handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const problems = await checkLedger(handle.db);
      const { rows } = await handle.client.query<{ payments: number; paid: string; revenue: string }>(
        `select (select count(*)::int from payments where method = 'wallet') as payments,
                (select coalesce(sum(amount), 0) from payments where method = 'wallet' and status = 'successful') as paid,
                (select balance from ledger_accounts where code = $1) as revenue`,
        [HOUSE_ACCOUNTS.salesRevenue],
      );
      const books = rows[0]!;
      const ledger = {
        ...problems,
        ok:
          problems.unbalancedTransactions === 0 &&
          problems.accountsOffTheirPostings === 0 &&
          problems.negativeWallets === 0 &&
          problems.total === 0 &&
          Number(books.paid) === Number(books.revenue),
        walletPaymentsWritten: books.payments,
        answered201: warmup.payments + run.payments,
        revenue: Number(books.revenue),
        revenueEqualsPayments: Number(books.paid) === Number(books.revenue),
      };
      return {
        workers: WORKERS,
        poolPerWorker: POOL,
        users: USERS,
        ...run,
        warmupPayments: warmup.payments,
        warmupOther: Object.fromEntries(Object.entries(warmup.statuses).filter(([s]) => s !== '201')),
        statementsPerPayment: twoDecimals((usageAfter.statements - usageBefore.statements) / requests),
        msInPayFromWallet: twoDecimals(delta('paymentMs') / requests),
        eventLoopBusy: twoDecimals((usageRun.loopBusyMs - usageBefore.loopBusyMs) / (runMs * WORKERS)),
        cpuPerPayment: {
          serverCpuMs: twoDecimals((after.server - before.server) / run.payments),
          ...profile(before, after, run.payments, after.self - before.self),
        },
        backends,
        ledger,
      };
    } finally {
      await handle.close();
    }
  } finally {
    await stopProcess(server);
  }
}

// ---- both ----

export async function benchWallet(databaseUrl: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  let postmasterPid: number;
  try {
    const { rows } = await admin.query<{ pid: number; version: string }>(
      'select pg_backend_pid() as pid, version() as version',
    );
    postmasterPid = procStat(rows[0]!.pid)?.ppid ?? NaN;
  } finally {
    await admin.end();
  }

  const wallet = await benchWalletPayments(databaseUrl, postmasterPid);
  const pgbench = await benchPgbench(databaseUrl, postmasterPid, SCALE, LOAD);
  const pgbenchScale1 = await benchPgbench(databaseUrl, postmasterPid, 1, LOAD);
  const ratio = twoDecimals(wallet.paymentsPerSec / pgbench.tps);
  return {
    connections: CONNECTIONS,
    seconds: RUN_S,
    cores: availableParallelism(),
    wallet,
    pgbench,
    pgbenchScale1,
    ratio,
    ratioToScale1: twoDecimals(wallet.paymentsPerSec / pgbenchScale1.tps),
    target: 0.4,
    met: ratio >= 0.4,
  };
}
