import type { SwapReason } from '@ecogrid/core/collections';
import type { Tx } from '#src/db/client.ts';
import { deviceSwaps, loanScheduleChanges } from '#src/db/schema/credit.ts';

/**
 * Records a loan moving to a replacement unit, with the schedule-history row it leaves (kind
 * device_swap: the schedule is kept as it was). Returns the swap's id, which keys its token and
 * its charge's journal entry.
 */
export async function recordDeviceSwap(
  tx: Tx,
  swap: {
    loanId: string;
    oldDeviceId: string;
    newDeviceId: string;
    reason: SwapReason;
    underWarranty: boolean;
    daysCarried: number;
    charge: number;
    actorId: string;
    note: string | null;
    schedule: unknown[];
  },
): Promise<string> {
  const { charge, schedule, ...row } = swap;
  const [made] = await tx.insert(deviceSwaps).values(row).returning({ id: deviceSwaps.id });
  await tx.insert(loanScheduleChanges).values({
    loanId: swap.loanId,
    kind: 'device_swap',
    before: schedule,
    after: schedule,
    fee: charge,
    actorId: swap.actorId,
    idempotencyKey: `swap:${made!.id}`,
  });
  return made!.id;
}
