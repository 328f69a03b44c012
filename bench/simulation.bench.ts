import { spawnSync } from 'node:child_process';
import { ROOT } from './lib.ts';

/**
 * The seeded money simulation (apps/server/test/money-simulation.ts) at length: `steps` random
 * money operations of one seed against the real app on the PostgreSQL server in DATABASE_URL,
 * each checked against the independent model and the ledger's rules. It runs as the vitest test
 * it is (SIM_SEED and SIM_STEPS set), and its summary line is read back.
 */
export function benchSimulation(databaseUrl: string, steps: number, seed: number) {
  const started = Date.now();
  const child = spawnSync(
    'npx',
    ['vitest', 'run', '--root', 'apps/server', 'test/money-simulation.test.ts', '--reporter=verbose'],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, SIM_SEED: String(seed), SIM_STEPS: String(steps) },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const output = `${child.stdout}\n${child.stderr}`;
  const summary = /money simulation: .*/.exec(output)?.[0] ?? null;
  const failure = /Money simulation, seed [\s\S]*?Replay: .*/.exec(output)?.[0] ?? null;
  return {
    seed,
    steps,
    passed: child.status === 0,
    summary,
    failure: child.status === 0 ? null : (failure ?? output.slice(-4_000)),
    elapsedSeconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
