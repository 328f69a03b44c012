import { useSyncExternalStore } from 'react';
import type { Outbox, OutboxItem } from './outbox.ts';

export type { OutboxItem, OutboxKind, OutboxSummary } from './outbox.ts';

/** The agent's queue as the screens read it; `outbox` is null until it is loaded, and for anyone but an agent. */
export type Queue = { outbox: Outbox | null; items: OutboxItem[]; waiting: number };

export const NO_QUEUE: Queue = { outbox: null, items: [], waiting: 0 };

let queue = NO_QUEUE;
const listeners = new Set<() => void>();

/** The runner (agent-outbox.tsx) hands over the queue as it changes. */
export function publishQueue(next: Queue): void {
  queue = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const current = () => queue;

/** The agent's queue: what is waiting, refused or done, and the queue to add to. */
export const useAgentOutbox = (): Queue => useSyncExternalStore(subscribe, current, current);
