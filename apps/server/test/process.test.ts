import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, waitFor } from './server-process.ts';

describe('the server process', () => {
  it('refuses at once to open an embedded database another process holds, then shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ecogrid-lock-'));
    const first = startServer({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
    try {
      await waitFor(() => first.port() !== null, 'the first server', 60_000);
      const port = first.port();
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
    // Two process starts and a graceful stop: on a busy 2-core machine, more than the default 30 s.
  }, 90_000);

  it('stops with a message naming the setting when a setting is invalid', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ecogrid-cfg-')) });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Invalid settings[\s\S]*PORT/);
  });

  it('refuses to start in production on the sandbox network unless MOBILE_MONEY_SANDBOX asks for it', async () => {
    const production = startServer({
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-real-secret-of-at-least-32-characters!',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ecogrid-prod-')),
    });
    expect(await production.exited).toBe(1);
    expect(production.output()).toMatch(/Invalid settings[\s\S]*MOBILE_MONEY_SANDBOX: no mobile-money network/);
  });
});
