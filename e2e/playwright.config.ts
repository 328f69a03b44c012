import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startMailReceiver } from './support/mail-receiver.ts';
import { E2E_AUTH_SECRET } from './support/ussd-phone.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
// Every run starts the built app on a fresh embedded database with the demo data.
const dataDir = mkdtempSync(path.join(tmpdir(), 'ecogrid-e2e-'));
// The config is read by the runner and again by each worker: the runner starts the SMTP
// receiver and chooses the mail folder, which the workers inherit through the environment.
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'ecogrid-e2e-mail-'));
// What one journey file leaves for the next in the same run (the demo admin's authenticator key).
process.env.E2E_STATE_DIR ??= mkdtempSync(path.join(tmpdir(), 'ecogrid-e2e-state-'));
if (process.env.TEST_WORKER_INDEX === undefined) await startMailReceiver(smtpPort, process.env.E2E_MAIL_DIR);

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: './journeys',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 }, browserName: 'chromium' } },
  ],
  webServer: {
    command: 'node --import tsx src/main.ts',
    cwd: path.resolve(import.meta.dirname, '../apps/server'),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The server's own warnings and errors (LOG_LEVEL warn) show beside the results.
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SEED_DEMO_DATA: 'true',
      DEMO_ACCOUNTS: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Production as people run it, on the sandbox network asked for by name (test money).
      MOBILE_MONEY_SANDBOX: 'true',
      AUTH_SECRET: E2E_AUTH_SECRET,
    },
  },
});
