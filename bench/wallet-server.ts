/**
 * The server for benchmark (e): one bench route, POST /bench/wallet-payments, on the PostgreSQL
 * server in DATABASE_URL (settings from the environment, migrations applied, pool of
 * DB_POOL_MAX), served on PORT.
 *
 * No customer-facing route spends from the wallet yet (checkout comes with orders), so this is
 * a bench route, not the app's: it calls the same service a checkout will call, payFromWallet,
 * behind the app's own per-request middleware (request id, a request log line at LOG_LEVEL,
 * the compression of reads), the app's Idempotency-Key middleware for payments that keep their
 * key in their own statement (takeIdempotencyKey: checks the key and hashes the request, no
 * query), and a body validated with the core
 * amountSchema through the same OpenAPI router and error mapping as the app's routes. What it
 * leaves out is the session: the paying user is whoever the x-bench-user header names, where
 * the app would look the session cookie up (one more query per request, through better-auth).
 *
 * BENCH_WORKERS > 1 runs that many copies of this server with node:cluster, sharing the port
 * (each with its own pool of DB_POOL_MAX), as the app would be deployed on a machine with more
 * than one core.
 *
 * GET /bench/usage, answered here, reports for all workers together (each worker reports its own
 * to the others every 100 ms): the requests finished; the SQL statements sent (every query on a
 * pg client, BEGIN and COMMIT included); the time spent inside payFromWallet; the event loops'
 * busy time. (While a payment was several statements, the server also timed the hot
 * 'revenue:sales' row's lock between them; now the row is locked and released inside the one
 * payment statement, where the server cannot see.) GET /bench/ready answers 200 once every
 * worker listens.
 */
import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { createRoute, z } from '@hono/zod-openapi';
import { requestId } from 'hono/request-id';
import pg from 'pg';
import { amountSchema } from '../packages/core/src/payments.ts';
import { loadSettings } from '../apps/server/src/config.ts';
import { migrateDatabase, openConfiguredDatabase } from '../apps/server/src/db/client.ts';
import { payFromWallet, paymentSchema } from '../apps/server/src/features/payments/payments.service.ts';
import { AppError, errorBody } from '../apps/server/src/platform/errors.ts';
import { compressReads, createRouter, errorResponse } from '../apps/server/src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, takeIdempotencyKey } from '../apps/server/src/platform/idempotency.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

const WORKERS = Math.max(1, Number(process.env.BENCH_WORKERS ?? 1));

const COUNTS = ['requests', 'statements', 'paymentMs', 'loopBusyMs'] as const;
type Counts = Record<(typeof COUNTS)[number], number>;
const zero = (): Counts => Object.fromEntries(COUNTS.map((k) => [k, 0])) as Counts;
type WorkerMessage = { counts: Counts; listening?: boolean };
type PrimaryMessage = { all: Counts; ready: boolean };

if (cluster.isPrimary && WORKERS > 1) {
  const counts = new Map<number, Counts>();
  const listening = new Set<number>();
  for (let i = 0; i < WORKERS; i++) cluster.fork();
  cluster.on('message', (worker, message: WorkerMessage) => {
    counts.set(worker.id, message.counts);
    if (message.listening) listening.add(worker.id);
    const all = zero();
    for (const c of counts.values()) for (const k of COUNTS) all[k] += c[k];
    const reply: PrimaryMessage = { all, ready: listening.size === WORKERS };
    for (const w of Object.values(cluster.workers ?? {})) w?.send(reply);
  });
  cluster.on('exit', (worker, code) => {
    if (code !== 0) console.error(`wallet-server worker ${worker.id} exited with ${code}`);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  });
} else {
  await serveWallet();
}

async function serveWallet() {
  const counts = zero();
  instrumentQueries(counts);
  const settings = loadSettings();
  const database = await openConfiguredDatabase(settings);
  await migrateDatabase(database);
  const logger = createLogger(settings.LOG_LEVEL);

  const app = createRouter();
  app.use('*', requestId());
  // The app's per-request middleware (app.ts), with what this route reads from it.
  app.use('*', async (c, next) => {
    const log = logger.child({ requestId: c.var.requestId });
    c.set('log', log);
    c.set('db', database.db);
    c.set('dbHandle', database);
    const started = performance.now();
    await next();
    log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  app.use('*', compressReads());

  // Stands in for the session lookup: the paying user is named by a header.
  app.use('/bench/wallet-payments', async (c, next) => {
    const id = c.req.header('x-bench-user');
    c.set('user', id ? { id, userType: 'customer', twoFactorEnabled: false, sessionId: 'bench' } : null);
    await next();
  });

  const route = createRoute({
    method: 'post',
    path: '/bench/wallet-payments',
    middleware: [takeIdempotencyKey] as const,
    request: {
      body: { required: true, content: { 'application/json': { schema: z.strictObject({ amount: amountSchema }) } } },
    },
    responses: {
      201: { description: 'The payment, settled', content: { 'application/json': { schema: paymentSchema } } },
      400: errorResponse('Bad amount, or no Idempotency-Key'),
      401: errorResponse('No x-bench-user'),
      ...IDEMPOTENCY_RESPONSES,
    },
  });
  app.openapi(route, async (c) => {
    const { amount } = c.req.valid('json');
    const started = performance.now();
    try {
      const { payment, replayed } = await payFromWallet(c.var.db, {
        userId: c.var.user!.id,
        amount,
        purpose: 'order',
        description: 'Bench order',
        idempotency: c.var.idempotency,
      });
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(payment, 201);
    } finally {
      counts.paymentMs += performance.now() - started;
    }
  });
  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(errorBody(error.code, error.message), error.status);
    (c.var.log ?? logger).error({ err: error }, 'unhandled error');
    return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
  });

  const loopBusy = () => (counts.loopBusyMs = performance.eventLoopUtilization().active);
  let all: Counts | null = null;
  let ready = !cluster.isWorker;
  if (cluster.isWorker) {
    process.on('message', (message: PrimaryMessage) => {
      all = message.all;
      ready = message.ready;
    });
    setInterval(() => {
      loopBusy();
      process.send?.({ counts } satisfies WorkerMessage);
    }, 100).unref();
  }

  // Requests whose client has gone (autocannon stops mid-request) still run to the end; the
  // database closes only once none is left.
  let inFlight = 0;
  const server = serve(
    {
      fetch: async (request) => {
        const url = new URL(request.url);
        if (url.pathname === '/bench/ready') return new Response(null, { status: ready ? 200 : 503 });
        if (url.pathname === '/bench/usage') {
          loopBusy();
          return Response.json(all ?? counts);
        }
        inFlight++;
        try {
          return await app.fetch(request);
        } finally {
          inFlight--;
          counts.requests++;
        }
      },
      port: settings.PORT,
      hostname: settings.HOST,
    },
    () => process.send?.({ counts, listening: true } satisfies WorkerMessage),
  );
  process.on('SIGTERM', () => {
    server.close(async () => {
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await database.close();
      process.exit(0);
    });
  });
}

/** Wraps pg.Client#query (the pool hands out pg.Client objects) to count the statements sent. */
function instrumentQueries(counts: Counts) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    counts.statements++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}
