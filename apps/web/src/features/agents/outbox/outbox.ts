import { outcomeUnknown } from '@/lib/idempotency.ts';

/**
 * The agent's offline queue: a customer registered, cash collected or a visit note written is
 * kept on the phone with the key made there (its `clientKey`), and sent to the server in the
 * order it was recorded once there is a network. An action is sent again, with the same body
 * and key, until the server answers: the server applies a key once and answers a repeat with
 * the first result, so a lost answer or a crash mid-send never applies it twice. A 2xx marks it
 * done (the server's answer is kept to show), a 4xx refused with the server's words, anything
 * else (no network, a 5xx) leaves it waiting, and the later ones wait behind it.
 */

export const OUTBOX_KINDS = ['lead', 'collection', 'visit-note'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export type OutboxStatus = 'waiting' | 'done' | 'refused';

/** What the agent reads about an action in the queue, written when it was recorded. */
export type OutboxSummary = { customerName: string; amount?: number; receiptNumber?: string };

export type OutboxItem = {
  /** The clientKey, sent as the body's clientKey and as the Idempotency-Key. */
  key: string;
  kind: OutboxKind;
  path: string;
  body: { clientKey: string } & Record<string, unknown>;
  summary: OutboxSummary;
  recordedAt: string;
  status: OutboxStatus;
  attempts: number;
  /** The server's answer to a done action. */
  result?: unknown;
  /** The server's reason for a refused action. */
  reason?: string;
};

/** Where the queue is kept: localStorage in the app, a plain map in tests. */
export type OutboxStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Sends one action; throws an error the app's api client makes (ApiError) when it fails. */
export type SendAction = (path: string, body: unknown, key: string) => Promise<unknown>;

type Options = { storage: OutboxStorage; storageKey: string; send: SendAction };

/** Waits after the n-th failed attempt in a row: 2 s, 4 s, 8 s … up to 5 minutes. */
export const retryDelayMs = (failures: number) => Math.min(2_000 * 2 ** Math.max(0, failures - 1), 5 * 60_000);

const isItem = (value: unknown): value is OutboxItem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OutboxItem).key === 'string' &&
  OUTBOX_KINDS.includes((value as OutboxItem).kind) &&
  typeof (value as OutboxItem).path === 'string';

export function createOutbox({ storage, storageKey, send }: Options) {
  const listeners = new Set<() => void>();
  let items: OutboxItem[] = load();
  let sending: Promise<boolean> | null = null;

  function load(): OutboxItem[] {
    try {
      const stored = JSON.parse(storage.getItem(storageKey) ?? '[]') as unknown;
      return Array.isArray(stored) ? stored.filter(isItem) : [];
    } catch {
      return [];
    }
  }

  /** Written before anything is sent and after every answer, so a crash loses nothing recorded. */
  function save(next: OutboxItem[]) {
    items = next;
    storage.setItem(storageKey, JSON.stringify(items));
    for (const listener of listeners) listener();
  }

  const update = (key: string, change: Partial<OutboxItem>) =>
    save(items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  /** Sends the waiting actions in order; true when none is left waiting. */
  async function sendWaiting(): Promise<boolean> {
    for (;;) {
      const next = items.find((item) => item.status === 'waiting');
      if (!next) return true;
      update(next.key, { attempts: next.attempts + 1 });
      try {
        const result = await send(next.path, next.body, next.key);
        update(next.key, { status: 'done', result });
      } catch (error) {
        if (outcomeUnknown(error)) return false;
        update(next.key, { status: 'refused', reason: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  return {
    items: () => items,
    waitingCount: () => items.filter((item) => item.status !== 'done').length,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Records an action (stored before this returns); send it with flush(). */
    enqueue(kind: OutboxKind, path: string, body: OutboxItem['body'], summary: OutboxSummary): OutboxItem {
      const item: OutboxItem = {
        key: body.clientKey,
        kind,
        path,
        body,
        summary,
        recordedAt: new Date().toISOString(),
        status: 'waiting',
        attempts: 0,
      };
      if (!items.some((old) => old.key === item.key)) save([...items, item]);
      return item;
    },
    /** One send at a time: a second call while sending waits for the first. */
    flush(): Promise<boolean> {
      sending ??= sendWaiting().finally(() => {
        sending = null;
      });
      return sending;
    },
    /** The agent has read a done or refused action: it leaves the list. */
    dismiss(key: string) {
      save(items.filter((item) => item.key !== key || item.status === 'waiting'));
    },
    /** Reads the queue again from storage, as a new page load would. */
    reload() {
      items = load();
      for (const listener of listeners) listener();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * Sends whenever there may be a network: now, when the phone says it is back online, and after
 * a failed round, again after a growing wait. Returns a function that stops it.
 */
export function keepSending(outbox: Outbox, target: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;
  const run = () => {
    clearTimeout(timer);
    if (stopped) return;
    void outbox.flush().then((empty) => {
      if (stopped) return;
      failures = empty ? 0 : failures + 1;
      if (!empty) timer = setTimeout(run, retryDelayMs(failures));
    });
  };
  const online = () => {
    failures = 0;
    run();
  };
  target.addEventListener('online', online);
  run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    target.removeEventListener('online', online);
  };
}
