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
import { spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users as usersTable } from '../apps/server/src/db/schema/auth.ts';
import { checkLedger, HOUSE_ACCOUNTS, postJournal } from '../apps/server/src/features/wallet/ledger.service.ts';
import { freePort, percentile, PRODUCTION_ENV, startProcess, stopProcess } from './lib.ts';

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
const THREADS = 2;
const SAMPLE_MS = 100;
/** Copies of the server (node:cluster); 1 unless WALLET_WORKERS says otherwise. */
const WORKERS = Number(process.env.WALLET_WORKERS ?? 1);
/** After the measured run, time for the server to finish the payments autocannon left in flight. */
const SETTLE_MS = 2_000;

const CLOCK_TICKS = 100;
const oneDecimal = (value: number) => Number(value.toFixed(1));
const twoDecimals = (value: number) => Number(value.toFixed(2));

// ---- CPU time from /proc ----

type ProcStat = { pid: number; ppid: number; ticks: number };

function procStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state ppid ... utime(14) stime(15) cutime(16) cstime(17), counted from 1 with pid.
    const ticks = [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i]), 0);
    return { pid, ppid: Number(fields[1]), ticks };
  } catch {
    return null; // gone
  }
}

/**
 * CPU time in ms of a process and its live descendants, each with its reaped children: the
 * postmaster's own count includes every backend that has exited.
 */
function treeCpuMs(root: number): number {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((s): s is ProcStat => s !== null);
  const children = new Map<number, ProcStat[]>();
  for (const s of all) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  let ticks = 0;
  const stack = all.filter((s) => s.pid === root);
  while (stack.length > 0) {
    const s = stack.pop()!;
    ticks += s.ticks;
    stack.push(...(children.get(s.pid) ?? []));
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** The machine's busy and total CPU time so far, in ms, over all cores. */
function machineCpuMs(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  return { busy: ((total - idle) * 1000) / CLOCK_TICKS, total: (total * 1000) / CLOCK_TICKS };
}

type CpuMark = { server: number; postgres: number; self: number; machine: { busy: number; total: number } };

function cpuMark(serverPid: number, postmasterPid: number): CpuMark {
  const self = process.cpuUsage();
  return {
    server: treeCpuMs(serverPid),
    postgres: treeCpuMs(postmasterPid),
    self: (self.user + self.system) / 1000,
    machine: machineCpuMs(),
  };
}

// ---- what the client backends are doing ----

/** Samples pg_stat_activity for `database` every SAMPLE_MS until stopped; the average backends in each state. */
function sampleBackends(databaseUrl: string, database: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const totals = new Map<string, number>();
  let samples = 0;
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ what: string; n: number }>(
        `select case
                  when state = 'active' and wait_event_type is null then 'on CPU'
                  when state = 'active' then 'waiting: ' || wait_event_type || ':' || wait_event
                  when state = 'idle in transaction' then 'idle in transaction (waiting for the client)'
                  else state
                end as what, count(*)::int as n
           from pg_stat_activity
          where backend_type = 'client backend' and datname = $1 and pid <> pg_backend_pid()
          group by 1`,
        [database],
      );
      samples++;
      for (const row of rows) totals.set(row.what, (totals.get(row.what) ?? 0) + row.n);
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
    await client.end();
  })();
  return async () => {
    running = false;
    await done;
    return Object.fromEntries(
      [...totals].sort((a, b) => b[1] - a[1]).map(([what, n]) => [what, twoDecimals(n / Math.max(1, samples))]),
    );
  };
}

/** CPU time per payment or transaction: PostgreSQL's, the load generator's, the whole machine's; its busy share. */
function profile(before: CpuMark, after: CpuMark, count: number, loadGeneratorMs: number) {
  const machine = after.machine.busy - before.machine.busy;
  return {
    postgresCpuMs: twoDecimals((after.postgres - before.postgres) / count),
    loadGeneratorCpuMs: twoDecimals(loadGeneratorMs / count),
    machineCpuMs: twoDecimals(machine / count),
    machineBusy: twoDecimals(machine / (after.machine.total - before.machine.total)),
  };
}

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

// ---- pgbench ----

function pgbenchBinary(): string {
  const dirs = [process.env.PG_BIN, ...[18, 17, 16, 15].map((v) => `/usr/lib/postgresql/${v}/bin`)];
  for (const dir of dirs) if (dir && existsSync(path.join(dir, 'pgbench'))) return path.join(dir, 'pgbench');
  return 'pgbench';
}

/** Runs pgbench through bash, whose `times` then reports the CPU pgbench used. */
async function runPgbench(args: string[]): Promise<{ output: string; cpuMs: number }> {
  const script = '"$@"; status=$?; times >&2; exit $status';
  const child = spawn('bash', ['-c', script, 'pgbench', pgbenchBinary(), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`pgbench ${args.join(' ')} exited with ${code}\n${stdout}\n${stderr}`);
  // times: the shell's user and system time, then its children's: "0m1.234s 0m0.567s".
  const childTimes = stderr.trim().split('\n').at(-1) ?? '';
  const cpuMs = [...childTimes.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (n, m) => n + (Number(m[1]) * 60 + Number(m[2])) * 1000,
    0,
  );
  return { output: stdout + stderr, cpuMs };
}

/** Latencies in ms from pgbench's per-transaction logs (`-l`), whose third field is the transaction's time in µs. */
function loggedLatencies(dir: string): number[] {
  const latencies: number[] = [];
  for (const file of readdirSync(dir)) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      const fields = line.split(' ');
      if (fields.length >= 6) latencies.push(Number(fields[2]) / 1000);
    }
  }
  return latencies;
}

async function benchPgbench(adminUrl: string, postmasterPid: number, scale: number) {
  const database = `bench_pgbench_s${scale}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database}`);
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const target = url.toString();

  const initStarted = Date.now();
  await runPgbench(['-i', '-s', String(scale), '-q', target]);
  const initSeconds = oneDecimal((Date.now() - initStarted) / 1000);
  const common = ['-b', 'tpcb-like', '-c', String(CONNECTIONS), '-j', String(THREADS)];
  await runPgbench([...common, '-T', String(WARMUP_S), target]);

  const logs = mkdtempSync(path.join(tmpdir(), 'pgbench-log-'));
  try {
    const before = cpuMark(process.pid, postmasterPid);
    const stopSampling = sampleBackends(adminUrl, database);
    const { output, cpuMs } = await runPgbench([
      ...common,
      '-T',
      String(RUN_S),
      '-l',
      `--log-prefix=${path.join(logs, 'tx')}`,
      target,
    ]);
    const backends = await stopSampling();
    const after = cpuMark(process.pid, postmasterPid);
    const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? NaN);
    const transactions = number(/number of transactions actually processed: (\d+)/);
    const latencies = loggedLatencies(logs);
    const cpu = profile(before, after, transactions, cpuMs);
    return {
      scale,
      initSeconds,
      tps: oneDecimal(number(/tps = ([\d.]+) \(without initial connection time\)/)),
      transactions,
      failed: number(/number of failed transactions: (\d+)/),
      p50Ms: oneDecimal(percentile(latencies, 50)),
      p99Ms: oneDecimal(percentile(latencies, 99)),
      meanMs: oneDecimal(number(/latency average = ([\d.]+) ms/)),
      // The load generator is pgbench itself (the bench process only samples pg_stat_activity).
      cpuPerTransaction: cpu,
      backends,
    };
  } finally {
    rmSync(logs, { recursive: true, force: true });
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
  const pgbench = await benchPgbench(databaseUrl, postmasterPid, SCALE);
  const pgbenchScale1 = await benchPgbench(databaseUrl, postmasterPid, 1);
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
