import { pino } from 'pino';
import { createApp } from '#src/app.ts';
import { createTestDatabase } from './test-db.ts';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** The real app on a fresh database, called in-process (no network). */
export async function createTestContext(options: { webDistDir?: string } = {}) {
  const database = await createTestDatabase();
  const app = createApp({ database, logger: pino({ level: 'silent' }), webDistDir: options.webDistDir });
  return {
    app,
    db: database.db,
    database,
    request: (path: string, init?: RequestInit) => app.request(path, init),
    close: () => database.destroy(),
  };
}
