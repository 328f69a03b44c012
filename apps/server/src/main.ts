import { openAiCompatibleModel } from './platform/chat-model.ts';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { startBackgroundWork } from './background.ts';
import { loadDotEnv, loadSettings } from './config.ts';
import { migrateDatabase, openConfiguredDatabase } from './db/client.ts';
import { disableDemoAccounts, seedDemoAccounts } from './db/seed/demo-accounts.ts';
import { seedDemoAgentBook } from './db/seed/demo-agent.ts';
import { seedDemoCredit } from './db/seed/demo-credit.ts';
import { seedDemoCreditBook } from './db/seed/demo-credit-book.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { createLogger } from './platform/logger.ts';
import { createRealtime } from './platform/realtime.ts';
import { createStorages } from './platform/storage.ts';
import { APP_VERSION } from './platform/version.ts';
import { paymentDeps } from './features/payments/request-deps.ts';

async function main() {
  loadDotEnv();
  const settings = loadSettings();
  const logger = createLogger(settings.LOG_LEVEL);
  const database = await openConfiguredDatabase(settings);
  await migrateDatabase(database);
  if (settings.SEED_DEMO_DATA) {
    const seeded = await seedDemoData(database.db);
    if (seeded.products) logger.info(seeded, 'demo data loaded');
    const credit = await seedDemoCredit(database.db, settings.AUTH_SECRET);
    if (credit.plans || credit.devices) logger.info(credit, 'demo credit plans and devices loaded');
  }
  if (settings.DEMO_ACCOUNTS) {
    const seeded = await seedDemoAccounts(database.db);
    if (seeded.accounts) {
      const log = settings.NODE_ENV === 'production' ? logger.warn.bind(logger) : logger.info.bind(logger);
      log(seeded, 'demo sign-ins created; their password is public (see the README)');
    }
    if (settings.SEED_DEMO_DATA) {
      const book = await seedDemoAgentBook(database.db);
      if (book.customers) logger.info(book, "the demo agent's customers loaded");
    }
  } else {
    const disabled = await disableDemoAccounts(database.db);
    if (disabled.accounts) logger.warn(disabled, 'demo sign-ins deactivated (DEMO_ACCOUNTS is off)');
  }
  const realtime = await createRealtime(database, logger);
  const { storage, documents } = createStorages(settings);
  const { jobs, messages, mobileMoney, diagnostics } = await startBackgroundWork(database, logger, settings, realtime, {
    storage,
  });
  if (settings.SEED_DEMO_DATA && settings.DEMO_ACCOUNTS) {
    // Past the sale, the demo book goes through the loans' own services, which need the app's deps.
    const deps = paymentDeps({
      db: database.db,
      mobileMoney,
      log: logger,
      realtime,
      messages,
      publicUrl: settings.PUBLIC_URL,
      authSecret: settings.AUTH_SECRET,
    });
    const credit = await seedDemoCreditBook(deps, settings.AUTH_SECRET);
    if (credit.steps) logger.info(credit, 'the demo credit book taken past the sale');
  }
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
    ...(settings.ASSISTANT_CHAT_URL && settings.ASSISTANT_CHAT_MODEL
      ? {
          assistantModel: openAiCompatibleModel({
            baseUrl: settings.ASSISTANT_CHAT_URL,
            apiKey: settings.ASSISTANT_CHAT_KEY,
            model: settings.ASSISTANT_CHAT_MODEL,
          }),
        }
      : {}),
    webDistDir: settings.WEB_DIST_DIR,
  });
  const server = serve({ fetch: app.fetch, port: settings.PORT, hostname: settings.HOST }, (info) => {
    logger.info(
      {
        version: APP_VERSION,
        port: info.port,
        database: database.kind,
        readReplica: Boolean(settings.DATABASE_REPLICA_URL),
        url: settings.PUBLIC_URL,
      },
      `EcoGrid is listening on ${settings.PUBLIC_URL}`,
    );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop taking connections, let requests in flight finish, then close the database.
    const force = setTimeout(() => {
      logger.warn('requests still open after 10 s; closing anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Open event streams end first; clients reconnect to another process. Workers take no new
    // jobs from now on; one still running gets a few seconds, then is retried by another process
    // or after restart.
    void realtime.close();
    const jobsStopped = jobs
      .stop()
      .catch((error: unknown) => logger.error({ err: error }, 'job queue did not stop cleanly'));
    server.close(async () => {
      await jobsStopped;
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // Settings and lock errors are meant for people: print the message alone.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
