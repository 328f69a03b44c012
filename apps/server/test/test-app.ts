import { pino } from 'pino';
import { createApp, type AppSettings } from '#src/app.ts';
import { loadSettings } from '#src/config.ts';
import { createTestDatabase } from './test-db.ts';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** The real app on a fresh database, called in-process (no network). */
export const TEST_ORIGIN = 'http://localhost:3000';

export async function createTestContext(options: { webDistDir?: string; settings?: Partial<AppSettings> } = {}) {
  const database = await createTestDatabase();
  const settings = { ...loadSettings({ NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN }), ...options.settings };
  const app = createApp({ database, logger: pino({ level: 'silent' }), settings, webDistDir: options.webDistDir });
  return {
    app,
    db: database.db,
    database,
    request: (path: string, init?: RequestInit) => app.request(path, init),
    close: () => database.destroy(),
  };
}
