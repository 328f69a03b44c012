/**
 * (h) The agent's home with a big book: GET /api/agent/dashboard, /api/agent/visits and
 * /api/agent/customers for one agent serving 5,000 customers with 20,000 loans, against the same
 * three for an agent serving 50 customers with 200 loans, on the same app and database.
 *
 * The full app (bench/auth-server.ts: sessions through better-auth, pool of 10) on the throw-away
 * PostgreSQL server. The two agents sign up and sign in through the API; their books are then
 * written straight into the tables (bench/agents-seed.ts). The small book has the same mix at a
 * hundredth of the size, so the ratio of the two is what the size of the book costs: the session
 * look-up, the routing and the fixed queries are the same for both.
 *
 * For each endpoint, alternating big and small book for ROUNDS rounds: SERIAL requests one at a
 * time (how long the page's request takes; p50, p99), then autocannon with CONNECTIONS
 * connections for RUN_S seconds after a WARMUP_S warm-up (requests a second). Afterwards the
 * ledger check must find nothing wrong.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { kampalaDate } from '../packages/core/src/credit.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { checkLedger } from '../apps/server/src/features/wallet/ledger.service.ts';
import { seedBook, seedProducts } from './agents-seed.ts';
import { median, oneDecimal, percentile, signedInAccounts, startApp, stopProcess } from './lib.ts';

const BIG = 5_000;
const SMALL = 50;
const ENDPOINTS = ['/api/agent/dashboard', '/api/agent/visits', '/api/agent/customers'];
const ROUNDS = 2;
const SERIAL = 40;
const CONNECTIONS = 4;
const WARMUP_S = 2;
const RUN_S = 8;

type Agent = { id: string; cookie: string };
const headers = (agent: Agent) => ({ cookie: agent.cookie, 'accept-encoding': 'gzip, deflate, br' });

async function serial(baseUrl: string, path: string, agent: Agent) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SERIAL; i++) {
    const started = performance.now();
    const response = await fetch(baseUrl + path, { headers: headers(agent) });
    const body = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body}`);
    bytes = body.length;
  }
  return { p50Ms: oneDecimal(percentile(times, 50)), p99Ms: oneDecimal(percentile(times, 99)), bytes };
}

async function load(baseUrl: string, path: string, agent: Agent, duration: number) {
  const result = await autocannon({ url: baseUrl + path, connections: CONNECTIONS, duration, headers: headers(agent) });
  return {
    requestsPerSec: oneDecimal(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function measure(baseUrl: string, path: string, agent: Agent) {
  const one = await serial(baseUrl, path, agent);
  await load(baseUrl, path, agent, WARMUP_S);
  return { ...one, load: await load(baseUrl, path, agent, RUN_S) };
}

type Run = Awaited<ReturnType<typeof measure>>;

function summary(runs: Run[]) {
  return {
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    requestsPerSec: median(runs.map((r) => r.load.requestsPerSec)),
    loadP99Ms: median(runs.map((r) => r.load.p99Ms)),
    bytes: runs[0]!.bytes,
    failures: runs.reduce((n, r) => n + r.load.non2xx + r.load.errors, 0),
    rounds: runs,
  };
}

async function seed(databaseUrl: string, big: Agent, small: Agent) {
  const handle = await openDatabase({ databaseUrl, poolMax: 2 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const today = kampalaDate(new Date());
    const shared = await seedProducts(handle.db, client);
    await seedBook(client, shared, { agentId: big.id, tag: 'big', customers: BIG, today });
    await seedBook(client, shared, { agentId: small.id, tag: 'small', customers: SMALL, today });
    await client.query('analyze');
    const seconds = oneDecimal((performance.now() - started) / 1000);
    const { rows } = await client.query<{ agent: string; customers: number; loans: number; statuses: unknown }>(
      `select l.agent_id as agent, count(distinct l.user_id)::int as customers, count(*)::int as loans,
              jsonb_build_object('active on time', count(*) filter (where status = 'active' and days_past_due = 0),
                                 'in arrears', count(*) filter (where status = 'active' and days_past_due > 0),
                                 'paid off', count(*) filter (where status = 'completed'),
                                 'defaulted', count(*) filter (where status = 'defaulted'),
                                 'days past due (max)', max(days_past_due),
                                 'payments', (select count(*) from payments p where p.loan_id = any(array_agg(l.id))),
                                 'cash collections', (select count(*) from payments p where p.collected_by = l.agent_id),
                                 'commissions', (select count(*) from agent_commissions c where c.agent_id = l.agent_id),
                                 'handovers', (select count(*) from agent_handovers h where h.agent_id = l.agent_id)) as statuses
       from loans l group by l.agent_id`,
    );
    return { seconds, books: Object.fromEntries(rows.map((r) => [r.agent === big.id ? 'big' : 'small', r])) };
  } finally {
    await client.end();
    await handle.close();
  }
}

export async function benchAgents(databaseUrl: string) {
  const { server, baseUrl } = await startApp(databaseUrl);
  try {
    const run = Date.now().toString(36);
    const [big, small] = await signedInAccounts(
      baseUrl,
      databaseUrl,
      ['big', 'small'].map((name) => ({
        email: `agent-${name}-${run}@agents.bench`,
        password: 'Copper kettle meadow lantern 42',
        name: `Agent ${name}`,
      })),
    );
    const seeded = await seed(databaseUrl, big!, small!);
    const endpoints = [];
    for (const path of ENDPOINTS) {
      const bigRuns: Run[] = [];
      const smallRuns: Run[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        bigRuns.push(await measure(baseUrl, path, big!));
        smallRuns.push(await measure(baseUrl, path, small!));
      }
      const b = summary(bigRuns);
      const s = summary(smallRuns);
      endpoints.push({
        path,
        big: b,
        small: s,
        p50Ratio: oneDecimal(b.p50Ms / s.p50Ms),
        requestsRatio: Number((b.requestsPerSec / s.requestsPerSec).toFixed(2)),
      });
    }
    const handle = await openDatabase({ databaseUrl, poolMax: 2 });
    try {
      const ledger = await checkLedger(handle.db);
      const ok =
        ledger.unbalancedTransactions === 0 &&
        ledger.accountsOffTheirPostings === 0 &&
        ledger.negativeWallets === 0 &&
        ledger.total === 0;
      return { customers: { big: BIG, small: SMALL }, seed: seeded, endpoints, ledger: { ...ledger, ok } };
    } finally {
      await handle.close();
    }
  } finally {
    await stopProcess(server);
  }
}
