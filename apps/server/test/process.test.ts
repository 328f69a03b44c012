import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    // Each server gets its own embedded database, even when the suite runs against PostgreSQL.
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, what: string, ms = 30_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
  it('refuses at once to open an embedded database another process holds, then shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ecogrid-lock-'));
    const first = startServer({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
    try {
      await waitFor(() => first.output().includes('EcoGrid is listening'), 'the first server');
      const port = /"port":(\d+)/.exec(first.output())?.[1];
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);

      const second = startServer({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `The embedded database in ${dataDir} is already open in another EcoGrid process`,
      );

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('"msg":"stopped"');
      expect(existsSync(path.join(dataDir, 'ecogrid.lock'))).toBe(false);
    } finally {
      first.child.kill('SIGKILL');
    }
  });

  it('stops with a message naming the setting when a setting is invalid', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ecogrid-cfg-')) });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Invalid settings[\s\S]*PORT/);
  });
});
