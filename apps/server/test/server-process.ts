import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from './test-db.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

export type Started = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** The port it listens on, once it says so. */
  port: () => string | null;
};

/** Starts `src/main.ts` as its own process; by default on its own embedded database, port chosen by the system. */
export function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = () => (output.includes('EcoGrid is listening') ? (/"port":(\d+)/.exec(output)?.[1] ?? null) : null);
  return { child, output: () => output, exited, port };
}

/** Waits until `check` holds, running `refresh` (a query, say) before each look. */
export async function waitFor(check: () => boolean, what: string, ms = 30_000, refresh?: () => Promise<void>) {
  const until = Date.now() + ms;
  while ((await refresh?.(), !check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A database for app processes that run one after another: a PostgreSQL database of its own when
 * DATABASE_URL is set (dropped by `drop`), else an embedded one in a fresh folder.
 */
export async function databaseForProcesses(
  label: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const database = await createTestDatabase();
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    return { env: { DATABASE_URL: database.url }, drop: () => database.destroy() };
  }
  return { env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), `ecogrid-${label}-`)) }, drop: async () => {} };
}
