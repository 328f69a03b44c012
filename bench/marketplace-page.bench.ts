/**
 * (b) The marketplace page: initial JavaScript in gzip (from the build manifest) and the
 * Lighthouse mobile performance score, median of three runs, on the built app over PGlite.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INITIAL_JS_BUDGET_BYTES, MARKETPLACE_PAGE, measureInitialJs } from '../apps/web/initial-js.ts';
import { freePort, median, ROOT, startProcess, stopProcess } from './lib.ts';

const RUNS = 5;
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --disable-dev-shm-usage';

export async function benchMarketplacePage() {
  const initial = measureInitialJs(path.join(ROOT, 'apps/web/dist'), MARKETPLACE_PAGE);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/marketplace`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ecogrid-bench-'));
  const server = await startProcess(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    `http://127.0.0.1:${port}/api/health`,
  );
  const scores: number[] = [];
  const lcp: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const report = path.join(dataDir, `lighthouse-${i}.json`);
      const run = spawnSync(
        'npx',
        [
          'lighthouse',
          url,
          '--form-factor=mobile',
          '--only-categories=performance',
          '--output=json',
          `--output-path=${report}`,
          `--chrome-flags=${CHROME_FLAGS}`,
          '--quiet',
        ],
        {
          cwd: ROOT,
          env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
          stdio: 'inherit',
        },
      );
      if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status}`);
      const result = JSON.parse(readFileSync(report, 'utf8')) as {
        categories: { performance: { score: number } };
        audits: Record<string, { numericValue?: number }>;
      };
      scores.push(Math.round(result.categories.performance.score * 100));
      lcp.push(Math.round(result.audits['largest-contentful-paint']?.numericValue ?? NaN));
    }
  } finally {
    await stopProcess(server);
  }
  return {
    initialJsGzipKb: Number((initial.totalGzipBytes / 1000).toFixed(1)),
    initialJsBudgetKb: INITIAL_JS_BUDGET_BYTES / 1000,
    lighthouseRuns: scores,
    lighthousePerformance: median(scores),
    largestContentfulPaintMs: median(lcp),
  };
}
