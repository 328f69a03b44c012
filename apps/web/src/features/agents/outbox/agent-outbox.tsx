import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { apiFetch } from '@/lib/api-client.ts';
import { createOutbox, keepSending, type Outbox, type OutboxItem } from './outbox.ts';

export type { OutboxItem, OutboxKind, OutboxSummary } from './outbox.ts';

const STORAGE_PREFIX = 'ecogrid.agent-outbox:';

const send = (path: string, body: unknown, key: string) =>
  apiFetch<unknown>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });

/** A phone with storage blocked still queues, for as long as the page stays open. */
function phoneStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    localStorage.setItem(`${STORAGE_PREFIX}probe`, '1');
    localStorage.removeItem(`${STORAGE_PREFIX}probe`);
    return localStorage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };
  }
}

let current: { userId: string; outbox: Outbox } | null = null;

/**
 * The agent's queue, one per user: kept through sign-out, so nothing recorded in the field is
 * lost; another user on the same phone has their own.
 */
function agentOutbox(userId: string): Outbox {
  if (current?.userId !== userId) {
    current = {
      userId,
      outbox: createOutbox({ storage: phoneStorage(), storageKey: STORAGE_PREFIX + userId, send }),
    };
  }
  return current.outbox;
}

type Queue = { outbox: Outbox | null; items: OutboxItem[]; waiting: number };

const NO_ITEMS: OutboxItem[] = [];
const idle = { items: () => NO_ITEMS, subscribe: () => () => undefined };
const QueueContext = createContext<Queue>({ outbox: null, items: NO_ITEMS, waiting: 0 });

/**
 * Holds the signed-in agent's queue (`agentId`; null for anyone else) for the whole app, and
 * sends it while the app is open and whenever the phone comes back online. What the server
 * takes makes the agent's screens ask again.
 */
export function AgentOutboxProvider({ agentId, children }: { agentId: string | null; children: ReactNode }) {
  const outbox = agentId ? agentOutbox(agentId) : null;
  const source = outbox ?? idle;
  const items = useSyncExternalStore(source.subscribe, source.items, source.items);
  const queryClient = useQueryClient();
  const done = items.filter((item) => item.status === 'done').length;

  useEffect(() => (outbox ? keepSending(outbox, window) : undefined), [outbox]);
  useEffect(() => {
    if (done === 0) return;
    void queryClient.invalidateQueries({ queryKey: ['agent'] });
    void queryClient.invalidateQueries({ queryKey: ['loans'] });
  }, [done, queryClient]);

  const waiting = items.filter((item) => item.status !== 'done').length;
  return <QueueContext.Provider value={{ outbox, items, waiting }}>{children}</QueueContext.Provider>;
}

/** The agent's queue: what is waiting, refused or done, and the queue to add to. */
export const useAgentOutbox = () => useContext(QueueContext);
