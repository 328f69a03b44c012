import type { Tx } from '#src/db/client.ts';
import type { OrderRow } from '#src/db/schema/orders.ts';
import type { NotifierDeps } from '#src/features/notifications/notifications.service.ts';

/**
 * What other features do when an order changes status (paid, cancelled after it was paid …), in
 * the same transaction, seeing the row before and after. Registered under a name: the same name
 * again replaces it, so registering twice is harmless (decision 008).
 */
export type OrderStatusRule = (tx: Tx, deps: NotifierDeps, before: OrderRow, after: OrderRow) => Promise<void>;

const rules = new Map<string, OrderStatusRule>();

export function onOrderStatusChanged(name: string, rule: OrderStatusRule): void {
  rules.set(name, rule);
}

export async function orderStatusChanged(tx: Tx, deps: NotifierDeps, before: OrderRow, after: OrderRow) {
  for (const rule of rules.values()) await rule(tx, deps, before, after);
}
