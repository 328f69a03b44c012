import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayHint } from './money-model.ts';
import { runMoneySimulation } from './money-simulation.ts';
import { createSimulationApp, type SimulationApp } from './money-world.ts';

// A few seeded runs of random money operations against the real app, each checked step by step
// against an independent model (money-simulation.ts). SIM_SEED and SIM_STEPS replay one run, or
// make a long one (`npm run bench -- simulation` runs 10,000 steps on PostgreSQL).
const replay = process.env.SIM_SEED !== undefined;
const seeds = replay ? [Number(process.env.SIM_SEED)] : [1, 2024];
const steps = Number(process.env.SIM_STEPS ?? 120);

// One app for the file's runs: each run has customers of its own, so it starts the same alone.
let app: SimulationApp;
beforeAll(async () => {
  app = await createSimulationApp();
}, 60_000);
afterAll(async () => app.ctx.close());

describe('a seeded simulation of money operations', () => {
  it.each(seeds)(
    'keeps every wallet, loan and the ledger as the model says, seed %i',
    async (seed) => {
      const result = await runMoneySimulation({ seed, steps, app });
      const running = (result.ms - result.setupMs) / 1000;
      console.log(
        `money simulation: seed ${seed}, ${steps} steps, ${result.requests} requests and ${result.callbacks} callbacks ` +
          `in ${(result.ms / 1000).toFixed(1)} s (${(steps / running).toFixed(1)} steps/s after ${(result.setupMs / 1000).toFixed(1)} s of setup); ` +
          `answers ${JSON.stringify(result.answers)}; ${replayHint({ seed, steps })}`,
      );
      expect(result.requests).toBeGreaterThan(steps / 3);
      expect(result.callbacks).toBeGreaterThan(0);
    },
    Math.max(60_000, steps * 400),
  );
});
