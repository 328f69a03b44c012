/**
 * (a) GET /api/catalog/products (first page, 24 products) on the full app, against the same
 * query through the raw pg driver on a bare HTTP server. Both run at once on the PostgreSQL
 * server in DATABASE_URL and are measured in alternating rounds with autocannon, so that a
 * busy moment on the machine hits both alike; the figures are the medians of the rounds.
 */
import autocannon from 'autocannon';
import { freePort, median, PRODUCTION_ENV, startProcess, stopProcess } from './lib.ts';

type Figures = { requestsPerSec: number; p99Ms: number; errors: number; non2xx: number };

const CONNECTIONS = 20;
const WARMUP_S = 3;
const ROUND_S = 5;
const ROUNDS = 4;

async function load(url: string, duration: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const summarise = (rounds: Figures[]): Figures => ({
  requestsPerSec: median(rounds.map((r) => r.requestsPerSec)),
  p99Ms: median(rounds.map((r) => r.p99Ms)),
  errors: rounds.reduce((n, r) => n + r.errors, 0),
  non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
});

export async function benchCatalogApi(databaseUrl: string) {
  const env = {
    DATABASE_URL: databaseUrl,
    DB_POOL_MAX: '10',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'true',
    ...PRODUCTION_ENV,
  };
  const [appPort, rawPort] = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${appPort}/api/catalog/products?limit=24`;
  const rawUrl = `http://127.0.0.1:${rawPort}/`;
  // The app starts first: it migrates and seeds the database the raw server then reads.
  const app = await startProcess(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    { ...env, PORT: String(appPort) },
    appUrl,
  );
  const raw = await startProcess(
    ['--import', 'tsx', 'bench/raw-catalog-server.ts'],
    { ...env, PORT: String(rawPort) },
    rawUrl,
  );
  try {
    await load(appUrl, WARMUP_S);
    await load(rawUrl, WARMUP_S);
    const appRounds: Figures[] = [];
    const rawRounds: Figures[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      appRounds.push(await load(appUrl, ROUND_S));
      rawRounds.push(await load(rawUrl, ROUND_S));
    }
    const ratios = appRounds.map((a, i) => a.requestsPerSec / (rawRounds[i]?.requestsPerSec ?? NaN));
    return {
      connections: CONNECTIONS,
      rounds: ROUNDS,
      roundSeconds: ROUND_S,
      app: summarise(appRounds),
      raw: summarise(rawRounds),
      roundRatios: ratios.map((r) => Number(r.toFixed(2))),
      ratio: Number(median(ratios).toFixed(2)),
    };
  } finally {
    await stopProcess(app);
    await stopProcess(raw);
  }
}
