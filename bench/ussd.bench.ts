/**
 * (j) The USSD callback with 10,000 customers: POST /api/callbacks/africastalking/<token>/ussd
 * answering "1" (the wallet balance and each running loan's next payment, the heaviest screen
 * that moves no money) for a customer picked at random on each request, against
 * GET /api/catalog/products?limit=24, the public catalogue list, on the same app and database.
 *
 * The full app (bench/auth-server.ts, pool of 10) on the throw-away PostgreSQL server. The
 * customers are an agent's book of (h) (bench/agents-seed.ts: four loans each, payments, ledger
 * entries), each already past their first USSD session. Alternating USSD and catalogue for ROUNDS
 * rounds, autocannon with CONNECTIONS connections for RUN_S seconds after a WARMUP_S warm-up;
 * the figures are the medians of the rounds. Every USSD answer must be a 200 starting "END ".
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { kampalaDate } from '../packages/core/src/credit.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  africasTalkingCallbackPath,
  africasTalkingToken,
} from '../apps/server/src/platform/africastalking-callbacks.ts';
import { seedBook, seedProducts } from './agents-seed.ts';
import { median, oneDecimal, PRODUCTION_ENV, startApp, stopProcess } from './lib.ts';

const CUSTOMERS = 10_000;
const ROUNDS = 3;
const CONNECTIONS = 10;
const WARMUP_S = 2;
const RUN_S = 6;

async function seed(databaseUrl: string): Promise<string[]> {
  const handle = await openDatabase({ databaseUrl, poolMax: 2 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const shared = await seedProducts(handle.db, client);
    await client.query(
      `insert into users (id, name, email, full_name) values ('ussd-agent', 'Agent', 'ussd-agent@ussd.bench', 'Agent')`,
    );
    await seedBook(client, shared, {
      agentId: 'ussd-agent',
      tag: 'ussd',
      customers: CUSTOMERS,
      today: kampalaDate(new Date()),
    });
    await client.query(
      `insert into ussd_callers (user_id, first_session_id) select id, 'seed' from users where id like 'ussd-c%'`,
    );
    await client.query('analyze');
    const { rows } = await client.query<{ phone: string }>(
      `select phone_number as phone from users where id like 'ussd-c%'`,
    );
    return rows.map((r) => r.phone);
  } finally {
    await client.end();
    await handle.close();
  }
}

type Load = { requestsPerSec: number; p50Ms: number; p99Ms: number; failures: number };

async function load(options: autocannon.Options, duration: number): Promise<Load> {
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration });
  return {
    requestsPerSec: oneDecimal(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const summary = (runs: Load[]) => ({
  requestsPerSec: median(runs.map((r) => r.requestsPerSec)),
  p50Ms: median(runs.map((r) => r.p50Ms)),
  p99Ms: median(runs.map((r) => r.p99Ms)),
  failures: runs.reduce((n, r) => n + r.failures, 0),
  rounds: runs,
});

export async function benchUssd(databaseUrl: string) {
  const { server, baseUrl } = await startApp(databaseUrl);
  try {
    const started = performance.now();
    const phones = await seed(databaseUrl);
    const seedSeconds = oneDecimal((performance.now() - started) / 1000);
    let session = 0;
    let wrongAnswers = 0;
    const ussd: autocannon.Options = {
      url: baseUrl + africasTalkingCallbackPath(africasTalkingToken(PRODUCTION_ENV), 'ussd'),
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          setupRequest: (request) => ({
            ...request,
            body: new URLSearchParams({
              sessionId: `ATUid_bench_${session++}`,
              serviceCode: '*384*21478#',
              phoneNumber: phones[Math.floor(Math.random() * phones.length)]!,
              networkCode: '64110',
              text: '1',
            }).toString(),
          }),
          onResponse: (status, body) => {
            if (status !== 200 || !body.startsWith('END ')) wrongAnswers++;
          },
        },
      ],
    };
    const catalog: autocannon.Options = { url: `${baseUrl}/api/catalog/products?limit=24` };
    const ussdRuns: Load[] = [];
    const catalogRuns: Load[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await load(ussd, WARMUP_S);
      ussdRuns.push(await load(ussd, RUN_S));
      await load(catalog, WARMUP_S);
      catalogRuns.push(await load(catalog, RUN_S));
    }
    const u = summary(ussdRuns);
    const c = summary(catalogRuns);
    return {
      customers: phones.length,
      seedSeconds,
      ussd: { ...u, failures: u.failures + wrongAnswers },
      catalog: c,
      ratio: Number((u.requestsPerSec / c.requestsPerSec).toFixed(2)),
    };
  } finally {
    await stopProcess(server);
  }
}
