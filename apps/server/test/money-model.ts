import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { checkLedger } from '#src/features/wallet/ledger.service.ts';
import { seeded } from './fuzz-inputs.ts';

/** The fuzz tests' seeded generator (mulberry32), with the ranges the simulation draws from. */
export function seededRandom(seed: number) {
  const random = seeded(seed);
  const { next } = random;
  return {
    ...random,
    /** A whole number from min to max, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** A whole number of shillings from min to max, in steps of 500. */
    amount: (min: number, max: number) =>
      500 * (Math.floor(min / 500) + Math.floor(next() * (max / 500 - min / 500 + 1))),
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** A mobile-money payment the simulation plays the network for. */
export type NetworkPayment = {
  paymentId: string;
  customer: number;
  kind: 'topup' | 'withdrawal';
  amount: number;
  /** What the network decided, once it has (later callbacks repeat or contradict it). */
  outcome: 'successful' | 'failed' | null;
};

export type ModelCustomer = {
  wallet: number;
  /** The customer's loan and what has been paid on it (deposit included), if they have one. */
  loan: { id: string; paid: number; total: number } | null;
  /** Products in the cart to be paid in cash: product id → quantity. */
  cart: Map<string, number>;
};

export type PaidOrder = { id: string; customer: number; total: number; refunded: boolean };

/**
 * What the money should be, worked out from what each operation is for and the API's answer to
 * it (a refusal moves nothing), without reading the ledger: each customer's wallet and loan,
 * the payments the network still has to answer, the paid orders an admin may refund.
 */
export class MoneyModel {
  customers: ModelCustomer[] = [];
  network = new Map<string, NetworkPayment>();
  orders: PaidOrder[] = [];
  /** Ids of the payments and orders whose money has moved: one id moves money once. */
  applied = new Set<string>();

  /** Records that the thing with this id moved money; false (and no change) if it already had. */
  once(id: string): boolean {
    if (this.applied.has(id)) return false;
    this.applied.add(id);
    return true;
  }
}

/** A step that did not go as the model says, with what is needed to replay it. */
export class SimulationMismatch extends Error {}

export type RunInfo = { seed: number; steps: number };

export function replayHint(run: RunInfo): string {
  return `Replay: SIM_SEED=${run.seed} SIM_STEPS=${run.steps} npx vitest run --root apps/server test/money-simulation.test.ts`;
}

export function mismatch(run: RunInfo, step: number, operation: string, problem: string): SimulationMismatch {
  return new SimulationMismatch(
    `Money simulation, seed ${run.seed}, step ${step} (${operation}): ${problem}\n${replayHint(run)}`,
  );
}

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The ledger's own rules (ledger-check.ts's, plus what a retry must not do): every journal
 * transaction balances, every balance is the sum of its postings, no wallet is below zero, the
 * books sum to zero, no payment credits a top-up or debits a payout twice, and a top-up is
 * credited exactly when it succeeded. Answers the problems found (none: an empty list).
 */
export async function ledgerProblems(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const ledger = await checkLedger(db);
  for (const [name, count] of Object.entries(ledger)) if (count !== 0) problems.push(`${name}: ${count}`);
  const [twice] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select payment_id from journal_transactions
          where payment_id is not null and kind in ('wallet_topup', 'payout')
          group by payment_id, kind having count(*) > 1) t`,
  );
  if (twice!.n !== 0) problems.push(`payments whose top-up or payout was posted twice: ${twice!.n}`);
  const [unmatched] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from payments p
        where p.purpose = 'wallet_topup'
          and (p.status = 'successful') <> exists (
            select 1 from journal_transactions j where j.payment_id = p.id and j.kind = 'wallet_topup')`,
  );
  if (unmatched!.n !== 0) problems.push(`top-ups whose status and credit disagree: ${unmatched!.n}`);
  return problems;
}
