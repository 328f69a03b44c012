import { eq } from 'drizzle-orm';
import { loans } from '#src/db/schema/loans.ts';
import { deliveryFeeRule } from '#src/features/orders/orders.service.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { ledgerProblems, mismatch, seededRandom, type Random, type RunInfo } from './money-model.ts';
import {
  applyAnswer,
  networkAnswer,
  planRequest,
  sendRequest,
  Unexpected,
  type SimRequest,
} from './money-operations.ts';
import { createSimulationApp, createWorld, type SimulationApp, type World } from './money-world.ts';

const KINDS: SimRequest['kind'][] = ['topup', 'withdraw', 'checkout', 'repay', 'refund'];
/** How often each step is which operation (out of 100). */
const WEIGHTS: [Step, number][] = [
  ['topup', 18],
  ['callback', 24],
  ['withdraw', 10],
  ['checkout', 12],
  ['repay', 12],
  ['refund', 6],
  ['replay', 10],
  ['concurrent', 8],
];
type Step = SimRequest['kind'] | 'callback' | 'replay' | 'concurrent';

function pickStep(random: Random): Step {
  let roll = random.next() * 100;
  for (const [step, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return step;
  }
  return 'topup';
}

export type SimulationResult = {
  seed: number;
  steps: number;
  requests: number;
  callbacks: number;
  /** How many requests of each kind got each answer ("withdraw 202": 31). */
  answers: Record<string, number>;
  setupMs: number;
  ms: number;
};

/**
 * Runs `steps` random money operations of a seeded run against the real app (its HTTP API, the
 * mobile-money network played by the run) and checks, after every step, each customer's wallet
 * and loan against the model and the ledger's rules. A mismatch throws with the seed, the step,
 * the operation and the command that replays it. `customers` defaults to 6; without `app`, the
 * run makes its own and closes it afterwards.
 */
export async function runMoneySimulation(options: {
  seed: number;
  steps: number;
  customers?: number;
  app?: SimulationApp;
}): Promise<SimulationResult> {
  const run: RunInfo = { seed: options.seed, steps: options.steps };
  const random = seededRandom(options.seed);
  const started = Date.now();
  const app = options.app ?? (await createSimulationApp());
  const world = await createWorld(app, options.customers ?? 6);
  const feeRule = await deliveryFeeRule(world.ctx.db);
  const sent: SimRequest[] = [];
  const counts = { requests: 0, callbacks: 0 };
  const answers: Record<string, number> = {};
  const setupMs = Date.now() - started;

  /** Sends a request, first or again, and moves the model by its answer. */
  const perform = async (request: SimRequest, strict: boolean) => {
    const answer = await sendRequest(world, request);
    counts.requests++;
    const tally = `${request.kind} ${answer.status}`;
    answers[tally] = (answers[tally] ?? 0) + 1;
    return { answer, settle: () => applyAnswer(world, request, answer, strict, feeRule) };
  };

  try {
    await check(world, run, 0, 'setting up', 'all');
    for (let step = 1; step <= options.steps; step++) {
      const kind = pickStep(random);
      const customer = random.int(0, world.customers.length - 1);
      let label: string = kind;
      let touched = customer;
      try {
        if (kind === 'callback') {
          const open = [...world.model.network.values()].filter((p) => p.outcome === null);
          const all = [...world.model.network.values()];
          // Mostly payments still waiting; now and then a second callback for one already answered.
          const payment =
            open.length > 0 && random.chance(0.85) ? random.pick(open) : all.length > 0 ? random.pick(all) : null;
          if (payment) {
            label = `callback for ${payment.kind} ${payment.paymentId}`;
            touched = payment.customer;
            await networkAnswer(world, random, payment);
            counts.callbacks++;
          }
        } else if (kind === 'replay') {
          const earlier = sent.length > 0 ? random.pick(sent) : null;
          if (earlier) {
            label = `replay of ${earlier.kind} ${earlier.key} (${JSON.stringify(earlier.body)})`;
            touched = earlier.customer;
            const { answer, settle } = await perform(earlier, earlier.effectId === undefined);
            if (earlier.kind === 'refund' && earlier.effectId !== undefined && answer.status === 409) {
              // An admin's status change is guarded by the order's state, not by the key: cancelling
              // again is refused as already cancelled, and nothing moves (the check below sees to it).
            } else if (earlier.effectId !== undefined) {
              // It moved money the first time: the same answer again, and nothing moves.
              if (answer.status !== earlier.first!.status || settle() !== earlier.effectId) {
                throw new Unexpected(
                  `the replay answered ${answer.status} ${JSON.stringify(answer.body)}, the first time ${earlier.first!.status}`,
                );
              }
            } else if (
              answer.status !== earlier.first!.status ||
              answer.body?.error?.code !== earlier.first!.body?.error?.code
            ) {
              // Refused the first time, and not kept: it runs again, as a new request would now.
              earlier.effectId = settle();
              earlier.first = answer;
            }
          }
        } else if (kind === 'concurrent') {
          const pair = [random.pick(KINDS), random.pick(KINDS)];
          if (pair[0] === 'checkout' && pair[1] === 'checkout') pair[1] = 'withdraw';
          const requests: SimRequest[] = [];
          for (const k of pair) {
            const planned = await planRequest(world, random, k, customer);
            if (planned) requests.push(planned);
          }
          label = `concurrent ${requests.map((r) => `${r.kind} ${JSON.stringify(r.body)}`).join(' and ')} for customer ${customer}`;
          const done = await Promise.all(requests.map((r) => perform(r, false)));
          done.forEach(({ answer, settle }, i) => record(requests[i]!, answer, settle()));
        } else {
          const request = await planRequest(world, random, kind, customer);
          if (request) {
            label = `${kind} ${JSON.stringify(request.body)} for customer ${customer}`;
            const { answer, settle } = await perform(request, true);
            record(request, answer, settle());
          }
        }
      } catch (error) {
        if (error instanceof Unexpected) throw mismatch(run, step, label, error.message);
        throw error;
      }
      await check(world, run, step, label, step % 25 === 0 ? 'all' : touched);
    }

    // The network answers every payment still waiting; then the books must still agree.
    for (const payment of world.model.network.values()) {
      if (payment.outcome !== null) continue;
      await networkAnswer(world, random, payment).catch((error: unknown) => {
        throw error instanceof Unexpected
          ? mismatch(run, options.steps + 1, 'the last callbacks', error.message)
          : error;
      });
    }
    await check(world, run, options.steps + 1, 'answering every payment still waiting', 'all');
    return { seed: options.seed, steps: options.steps, ...counts, answers, setupMs, ms: Date.now() - started };
  } finally {
    if (!options.app) await app.ctx.close();
  }

  function record(request: SimRequest, answer: SimRequest['first'], effectId: string | undefined) {
    request.first = answer;
    request.effectId = effectId;
    sent.push(request);
    if (sent.length > 60) sent.shift();
  }
}

/**
 * Every customer's wallet and loan against the model, and the ledger's rules. Each wallet is read
 * from the ledger; the API's own answer (GET /api/wallet) is checked for the customer the step
 * was about, and for everyone on `'all'` (every 25th step, the first and the last).
 */
async function check(world: World, run: RunInfo, step: number, label: string, asked: number | 'all') {
  const problems: string[] = [];
  for (const [i, customer] of world.customers.entries()) {
    const expected = world.model.customers[i]!;
    const booked = await walletBalance(world.ctx.db, customer.id);
    if (booked !== expected.wallet) {
      problems.push(`customer ${i}'s wallet holds ${booked} in the ledger, the model says ${expected.wallet}`);
    }
    if (asked === 'all' || asked === i) {
      const wallet = await customer.api.get('/api/wallet');
      if (wallet.status !== 200 || wallet.body.balance !== expected.wallet) {
        problems.push(
          `the API shows customer ${i}'s wallet as ${wallet.body?.balance}, the model says ${expected.wallet}`,
        );
      }
    }
    if (expected.loan) {
      const [loan] = await world.ctx.db.select({ paid: loans.paid }).from(loans).where(eq(loans.id, expected.loan.id));
      if (loan?.paid !== expected.loan.paid) {
        problems.push(`customer ${i}'s loan has ${loan?.paid} paid, the model says ${expected.loan.paid}`);
      }
    }
  }
  problems.push(...(await ledgerProblems(world.ctx.db)));
  if (problems.length > 0) throw mismatch(run, step, label, problems.join('; '));
}
