import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { apiFetch } from '@/lib/api-client.ts';
import { createOutbox, keepSending, type Outbox } from './outbox.ts';
import { NO_QUEUE, publishQueue } from './queue-store.ts';

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

/**
 * The agent's queue, one per user: kept through sign-out, so nothing recorded in the field is
 * lost; another user on the same phone has their own.
 */
const agentOutbox = (userId: string): Outbox =>
  createOutbox({ storage: phoneStorage(), storageKey: STORAGE_PREFIX + userId, send });

type Props = {
  agentId: string;
  /** The server has taken one more action: the agent's screens should ask again. */
  onSent?: () => void;
};

/**
 * Keeps the signed-in agent's queue and sends it while the app is open and whenever the phone
 * comes back online; the screens read it through useAgentOutbox. Rendered once, by the app's
 * layout, for agents only.
 */
export function AgentOutboxRunner({ agentId, onSent }: Props) {
  const outbox = useMemo(() => agentOutbox(agentId), [agentId]);
  const items = useSyncExternalStore(outbox.subscribe, outbox.items, outbox.items);
  const done = items.filter((item) => item.status === 'done').length;

  useEffect(() => keepSending(outbox, window), [outbox]);
  useEffect(() => {
    publishQueue({ outbox, items, waiting: items.filter((item) => item.status !== 'done').length });
  }, [outbox, items]);
  useEffect(() => () => publishQueue(NO_QUEUE), [outbox]);
  useEffect(() => {
    if (done > 0) onSent?.();
  }, [done, onSent]);
  return null;
}
