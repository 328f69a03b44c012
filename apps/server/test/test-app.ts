import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createApp, type AppSettings } from '#src/app.ts';
import { startBackgroundWork, type BackgroundSettings } from '#src/background.ts';
import { loadSettings } from '#src/config.ts';
import type { ChatModel } from '#src/platform/chat-model.ts';
import type { SmsSender } from '#src/platform/sms.ts';
import { createRealtime } from '#src/platform/realtime.ts';
import { createFolderStorage } from '#src/platform/storage.ts';
import { createTestDatabase } from './test-db.ts';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** The real app on a fresh database, called in-process (no network). */
export const TEST_ORIGIN = 'http://localhost:3000';

/** Retries a second apart, so a test sees a message fail for good within seconds. */
export const TEST_DELIVERY_RETRY = { limit: 2, delaySeconds: 1, maxDelaySeconds: 2 };

export async function createTestContext(
  options: {
    webDistDir?: string;
    settings?: Partial<AppSettings & BackgroundSettings>;
    assistantModel?: ChatModel;
    /** An SMS provider of the test's own (none by default: SMS stay in the outbox). */
    sms?: SmsSender;
  } = {},
) {
  const database = await createTestDatabase();
  const settings = { ...loadSettings({ NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN }), ...options.settings };
  const logger = pino({ level: 'silent' });
  // Quick heartbeats, so tests see a stream end soon after its session does.
  const realtime = await createRealtime(database, logger, { heartbeatMs: 300 });
  // Uploaded pictures go to a folder of the test's own, removed with it.
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'ecogrid-media-'));
  const storage = createFolderStorage(mediaDir);
  const { jobs, messages, mobileMoney, diagnostics } = await startBackgroundWork(database, logger, settings, realtime, {
    jobs: { pollSeconds: 0.5, checkSeconds: 1 },
    deliveryRetry: TEST_DELIVERY_RETRY,
    storage,
    ...(options.sms ? { sms: options.sms } : {}),
  });
  const documentsDir = mkdtempSync(path.join(tmpdir(), 'ecogrid-documents-'));
  const documents = createFolderStorage(documentsDir);
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
    ...(options.assistantModel ? { assistantModel: options.assistantModel } : {}),
    webDistDir: options.webDistDir,
  });
  return {
    app,
    db: database.db,
    database,
    request: (path: string, init?: RequestInit) => app.request(path, init),
    realtime,
    storage,
    mediaDir,
    documents,
    documentsDir,
    settings,
    jobs,
    messages,
    mobileMoney,
    diagnostics,
    logger,
    close: async () => {
      await jobs.stop();
      await realtime.close();
      await database.destroy();
      rmSync(mediaDir, { recursive: true, force: true });
      rmSync(documentsDir, { recursive: true, force: true });
    },
  };
}
