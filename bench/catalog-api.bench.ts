/**
 * (a) GET /api/catalog/products (first page, 24 products) on the full app, against the same
 * query through the raw pg driver on a bare HTTP server. Both on the PostgreSQL server in
 * DATABASE_URL, one after the other in the same run, measured with autocannon.
 */
import autocannon from 'autocannon';
import { freePort, startProcess, stopProcess } from './lib.ts';

type Figures = { requestsPerSec: number; p99Ms: number; errors: number; non2xx: number };

const CONNECTIONS = 20;
const WARMUP_S = 3;
const DURATION_S = 10;

async function load(url: string, duration: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function measure(args: string[], env: Record<string, string>, path: string): Promise<Figures> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await startProcess(args, { ...env, PORT: String(port) }, `${base}${path}`);
  try {
    await load(`${base}${path}`, WARMUP_S);
    return await load(`${base}${path}`, DURATION_S);
  } finally {
    await stopProcess(child);
  }
}

export async function benchCatalogApi(databaseUrl: string) {
  const env = {
    DATABASE_URL: databaseUrl,
    DB_POOL_MAX: '10',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'true',
    NODE_ENV: 'production',
  };
  // The app goes first: it migrates and seeds the database the raw server then reads.
  const app = await measure(['--import', 'tsx', 'apps/server/src/main.ts'], env, '/api/catalog/products?limit=24');
  const raw = await measure(['--import', 'tsx', 'bench/raw-catalog-server.ts'], env, '/');
  return {
    connections: CONNECTIONS,
    durationS: DURATION_S,
    app,
    raw,
    ratio: Number((app.requestsPerSec / raw.requestsPerSec).toFixed(2)),
  };
}
