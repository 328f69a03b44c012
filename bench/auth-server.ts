/**
 * The app for benchmarks (c) and (d): createApp on the PostgreSQL server in DATABASE_URL, served on
 * PORT like apps/server/src/main.ts (settings from the environment, migrations applied), with
 * one difference. Requests reach the app without the Node socket, the way the server tests call
 * it in-process, so withClientIp keeps the x-client-ip header the load generator sends instead
 * of overwriting it with the socket's address. The benchmark's requests all come from 127.0.0.1;
 * through this server each one comes from the address it names, and the app's per-address
 * limits apply to those addresses unchanged.
 *
 * GET /bench/usage, answered here and never by the app, reports the process's CPU time (all
 * threads, libuv's included), how many app requests it has finished, its memory and the event
 * streams it holds; with `?gc=1` (and node --expose-gc) it collects garbage first.
 */
import { serve } from '@hono/node-server';
import { createApp } from '../apps/server/src/app.ts';
import { startBackgroundWork } from '../apps/server/src/background.ts';
import { loadSettings } from '../apps/server/src/config.ts';
import { migrateDatabase, openConfiguredDatabase } from '../apps/server/src/db/client.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createRealtime } from '../apps/server/src/platform/realtime.ts';
import { createStorages } from '../apps/server/src/platform/storage.ts';

const settings = loadSettings();
const database = await openConfiguredDatabase(settings);
await migrateDatabase(database);
const logger = createLogger(settings.LOG_LEVEL);
const realtime = await createRealtime(database, logger);
const { storage, documents } = createStorages(settings);
const { jobs, messages, mobileMoney, diagnostics } = await startBackgroundWork(database, logger, settings, realtime, {
  storage,
});
const app = createApp({
  database,
  logger,
  settings,
  realtime,
  storage,
  documents,
  jobs,
  messages,
  mobileMoney,
  diagnostics,
});
const collectGarbage = (globalThis as { gc?: () => void }).gc;

// Requests whose client has gone (autocannon stops mid-request) still run to the end; the
// database closes only once none is left.
let inFlight = 0;
let finished = 0;
const server = serve({
  fetch: async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/bench/usage') {
      if (url.searchParams.get('gc') === '1') collectGarbage?.();
      const { user, system } = process.cpuUsage();
      const { rss, heapUsed } = process.memoryUsage();
      return Response.json({
        cpuMs: (user + system) / 1000,
        requests: finished,
        rss,
        heapUsed,
        streams: realtime.size(),
        gc: Boolean(collectGarbage),
      });
    }
    inFlight++;
    try {
      return await app.fetch(request);
    } finally {
      inFlight--;
      finished++;
    }
  },
  port: settings.PORT,
  hostname: settings.HOST,
});
process.on('SIGTERM', () => {
  void realtime.close();
  server.close(async () => {
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await database.close();
    process.exit(0);
  });
});
