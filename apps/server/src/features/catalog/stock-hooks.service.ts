import type { Tx } from '#src/db/client.ts';

/** What a transfer moved, for a feature that tracks units one by one (the loans feature's devices). */
export type StockTransferEvent = {
  productId: string;
  fromLocationId: string;
  toLocationId: string;
  serials: string[];
};

type TransferRule = (tx: Tx, event: StockTransferEvent) => Promise<void>;
const transferRules = new Map<string, TransferRule>();

/**
 * Registers a reaction to a transfer that names serial numbers, run in the transfer's
 * transaction: throwing an AppError refuses the whole transfer. Registered once per name, from a
 * rules file (decision 008).
 */
export function onStockTransfer(name: string, rule: TransferRule): void {
  transferRules.set(name, rule);
}

export async function stockTransferred(tx: Tx, event: StockTransferEvent): Promise<void> {
  if (event.serials.length === 0) return;
  // Serial numbers nobody checks would move units on paper only.
  if (transferRules.size === 0) throw new Error('A transfer names serial numbers, but no transfer rule is registered');
  for (const rule of transferRules.values()) await rule(tx, event);
}
