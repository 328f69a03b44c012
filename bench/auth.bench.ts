/**
 * (c) Password hashing and sign-in.
 *
 * Hashing: better-auth's own hashPassword / verifyPassword (better-auth/crypto, scrypt with the
 * library's default parameters), timed one at a time after a warm-up, with the CPU time they
 * took (all threads) and the main thread's share of it (event-loop utilisation), then with one
 * per core and one per libuv thread in flight at a time.
 *
 * Sign-in: POST /api/auth/sign-in/email on the full app (bench/auth-server.ts) on the
 * PostgreSQL server in DATABASE_URL, for USERS confirmed accounts made through sign-up, each
 * request signing in the next account in turn from a client address of its own. Measured with
 * autocannon in rounds; the figures are the medians of the rounds. A response counts as a
 * sign-in only when it is a 200 that sets the session cookie; every other response is counted
 * by status.
 *
 * Hashing alone bounds sign-in at cores × 1000 / (ms per verification) sign-ins a second. The
 * machine's speed drifts from minute to minute, so each round is compared with a bound timed
 * around it (BOUND_VERIFIES verifications one at a time, half just before the round and half
 * just after, with the server idle). The server also reports the CPU time it spent (all
 * threads), to set against the verification's own cost.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { median, nextAddress, percentile, ROOT, signUpConfirmed, startApp, stopProcess } from './lib.ts';

const HASH_WARMUP = 5;
const HASH_SAMPLES = 50;
const POOL_THREADS = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
const CONCURRENT_SAMPLES = 40;
const BOUND_VERIFIES = 20;

const USERS = 200;
const SIGN_UP_CONCURRENCY = 4;
const CONNECTIONS = 10;
const WARMUP_S = 5;
const ROUND_S = 10;
const ROUNDS = 3;
/** After each run, time for the server to finish the sign-ins autocannon left in flight. */
const SETTLE_MS = 3000;

const CORES = availableParallelism();

type PasswordHashing = {
  hashPassword(password: string): Promise<string>;
  verifyPassword(input: { hash: string; password: string }): Promise<boolean>;
};

/** better-auth/crypto as the server loads it: better-auth is a dependency of apps/server only. */
async function loadPasswordHashing(): Promise<PasswordHashing> {
  const fromServer = createRequire(path.join(ROOT, 'apps/server/package.json'));
  return (await import(pathToFileURL(fromServer.resolve('better-auth/crypto')).href)) as PasswordHashing;
}

const oneDecimal = (value: number) => Number(value.toFixed(1));
const password = (i: number) => `Violet harbour ${i} quartz lantern`;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function benchHashing({ hashPassword, verifyPassword }: PasswordHashing) {
  for (let i = 0; i < HASH_WARMUP; i++) {
    await verifyPassword({ hash: await hashPassword(password(i)), password: password(i) });
  }

  const hashes: string[] = [];
  const hashMs: number[] = [];
  const verifyMs: number[] = [];
  const loop = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  for (let i = 0; i < HASH_SAMPLES; i++) {
    hashMs.push(await timed(async () => hashes.push(await hashPassword(password(i)))));
  }
  for (let i = 0; i < HASH_SAMPLES; i++) {
    verifyMs.push(
      await timed(async () => {
        if (!(await verifyPassword({ hash: hashes[i]!, password: password(i) }))) throw new Error('verify failed');
      }),
    );
  }
  const busy = performance.eventLoopUtilization(loop);
  const used = process.cpuUsage(cpu);

  // CONCURRENT_SAMPLES verifications, atOnce in flight at a time: one per core, then one per libuv thread.
  const concurrent: Record<number, number> = {};
  for (const atOnce of new Set([CORES, POOL_THREADS])) {
    let next = 0;
    const elapsed = await timed(() =>
      Promise.all(
        Array.from({ length: atOnce }, async () => {
          while (next < CONCURRENT_SAMPLES) {
            const i = next++ % HASH_SAMPLES;
            await verifyPassword({ hash: hashes[i]!, password: password(i) });
          }
        }),
      ),
    );
    concurrent[atOnce] = oneDecimal(CONCURRENT_SAMPLES / (elapsed / 1000));
  }

  const verifyMedian = median(verifyMs);
  return {
    samples: HASH_SAMPLES,
    hash: { medianMs: oneDecimal(median(hashMs)), p95Ms: oneDecimal(percentile(hashMs, 95)) },
    verify: { medianMs: oneDecimal(verifyMedian), p95Ms: oneDecimal(percentile(verifyMs, 95)) },
    cpuMsPerOperation: oneDecimal((used.user + used.system) / 1000 / (2 * HASH_SAMPLES)),
    mainThreadMsPerOperation: oneDecimal(busy.active / (2 * HASH_SAMPLES)),
    verifiesPerSecondOneCore: oneDecimal(1000 / verifyMedian),
    cores: CORES,
    verifiesPerSecondBound: oneDecimal((CORES * 1000) / verifyMedian),
    poolThreads: POOL_THREADS,
    verifiesPerSecondAtOnce: concurrent,
  };
}

/** `count` verifications of one password, timed one at a time. */
async function verifyTimes({ hashPassword, verifyPassword }: PasswordHashing, count: number): Promise<number[]> {
  const hash = await hashPassword(password(0));
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await timed(() => verifyPassword({ hash, password: password(0) })));
  return times;
}

type Account = { email: string; password: string };

/** USERS accounts through POST /api/auth/sign-up/email, then confirmed as the email link would. */
async function createAccounts(baseUrl: string, databaseUrl: string): Promise<Account[]> {
  const run = Date.now().toString(36);
  const accounts = Array.from({ length: USERS }, (_, i) => ({
    email: `signin-${run}-${i}@bench.example`,
    password: password(i),
    name: `Customer ${i}`,
  }));
  await signUpConfirmed(baseUrl, databaseUrl, accounts, SIGN_UP_CONCURRENCY);
  return accounts.map(({ email, password }) => ({ email, password }));
}

type Usage = { cpuMs: number; requests: number };

async function serverUsage(baseUrl: string): Promise<Usage> {
  return (await (await fetch(`${baseUrl}/bench/usage`)).json()) as Usage;
}

type Round = {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  signIns: number;
  /** Responses other than a 200 with the session cookie, by status. */
  other: Record<string, number>;
  errors: number;
  /** Server CPU time (all threads) per request it finished, settling included. */
  serverCpuMsPerRequest: number;
};

async function signIn(baseUrl: string, accounts: Account[], duration: number): Promise<Round> {
  let next = 0;
  let signIns = 0;
  const other: Record<string, number> = {};
  const before = await serverUsage(baseUrl);
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json', origin: baseUrl, 'x-client-ip': nextAddress() },
          body: JSON.stringify(accounts[next++ % accounts.length]),
        }),
        onResponse: (status, _body, _context, headers) => {
          const cookies = [headers?.['set-cookie'] ?? []].flat();
          if (status === 200 && cookies.some((c) => c.includes('session_token='))) signIns++;
          else other[status] = (other[status] ?? 0) + 1;
        },
      },
    ],
  });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const after = await serverUsage(baseUrl);
  return {
    requestsPerSec: oneDecimal(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    signIns,
    other,
    errors: result.errors + result.timeouts,
    serverCpuMsPerRequest: oneDecimal((after.cpuMs - before.cpuMs) / (after.requests - before.requests)),
  };
}

export async function benchAuth(databaseUrl: string) {
  const passwordHashing = await loadPasswordHashing();
  const hashing = await benchHashing(passwordHashing);

  const { server, baseUrl } = await startApp(databaseUrl);
  try {
    const accounts = await createAccounts(baseUrl, databaseUrl);
    const warmup = await signIn(baseUrl, accounts, WARMUP_S);
    const rounds: Round[] = [];
    const roundVerifyMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const before = await verifyTimes(passwordHashing, BOUND_VERIFIES / 2);
      rounds.push(await signIn(baseUrl, accounts, ROUND_S));
      const after = await verifyTimes(passwordHashing, BOUND_VERIFIES / 2);
      roundVerifyMs.push(median([...before, ...after]));
    }
    const other: Record<string, number> = {};
    for (const round of [warmup, ...rounds]) {
      for (const [status, n] of Object.entries(round.other)) other[status] = (other[status] ?? 0) + n;
    }
    const bounds = roundVerifyMs.map((verifyMs) => oneDecimal((CORES * 1000) / verifyMs));
    const shares = rounds.map((r, i) => Number((r.requestsPerSec / (bounds[i] ?? NaN)).toFixed(2)));
    return {
      hashing,
      signIn: {
        users: USERS,
        connections: CONNECTIONS,
        rounds: ROUNDS,
        roundSeconds: ROUND_S,
        requestsPerSec: median(rounds.map((r) => r.requestsPerSec)),
        p50Ms: median(rounds.map((r) => r.p50Ms)),
        p99Ms: median(rounds.map((r) => r.p99Ms)),
        roundRequestsPerSec: rounds.map((r) => r.requestsPerSec),
        signIns: rounds.reduce((n, r) => n + r.signIns, 0),
        warmupSignIns: warmup.signIns,
        other,
        errors: [warmup, ...rounds].reduce((n, r) => n + r.errors, 0),
        serverCpuMsPerSignIn: median(rounds.map((r) => r.serverCpuMsPerRequest)),
        roundVerifyMs: roundVerifyMs.map(oneDecimal),
        roundHashingBounds: bounds,
        roundShares: shares,
        shareOfHashingBound: median(shares),
      },
    };
  } finally {
    await stopProcess(server);
  }
}
