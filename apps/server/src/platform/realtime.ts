import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import type { Logger } from './logger.ts';

/** What a user's event stream carries. */
export type RealtimeEvent = {
  type: 'notification' | 'order' | 'payment' | 'loan_repayment';
  data: Record<string, unknown>;
};
type Envelope = { userId: string; event: RealtimeEvent };
type Listener = (event: RealtimeEvent) => void;

/** The PostgreSQL channel every app process listens on. */
export const REALTIME_CHANNEL = 'ecogrid_events';
/** NOTIFY payloads are limited to 8000 bytes; bigger events tell the client to refetch instead. */
const MAX_PAYLOAD = 7_900;

export type Realtime = {
  /**
   * Raises an event for a user through the database: with `db` a transaction, it is delivered
   * only if that transaction commits, and to streams held by any app process.
   */
  publish(db: Database, userId: string, event: RealtimeEvent): Promise<void>;
  /** Listens for a user's events in this process; returns the unsubscribe function. */
  subscribe(userId: string, listener: Listener): () => void;
  /** Streams open in this process. */
  size(): number;
  /** Settles when the process stops listening, so that open streams end and shutdown is not held up. */
  whenClosed(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY: one listening connection per process hands each
 * notification to that process's subscribers of the user. On PGlite (one process) the same
 * happens through PGlite's own listen.
 */
export async function createRealtime(handle: DatabaseHandle, logger: Logger): Promise<Realtime> {
  const listeners = new Map<string, Set<Listener>>();
  let open = 0;
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));

  const deliver = (payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      logger.warn({ payload: payload.slice(0, 200) }, 'realtime: unreadable notification');
      return;
    }
    for (const listener of listeners.get(envelope.userId) ?? []) listener(envelope.event);
  };

  let stop: () => Promise<void>;
  if (handle.kind === 'pglite') {
    const unlisten = await handle.client.listen(REALTIME_CHANNEL, deliver);
    stop = () => unlisten();
  } else {
    stop = await listenOnPostgres(handle.client, deliver, logger);
  }

  return {
    async publish(db, userId, event) {
      let text = JSON.stringify({ userId, event } satisfies Envelope);
      if (Buffer.byteLength(text) > MAX_PAYLOAD) {
        text = JSON.stringify({ userId, event: { type: event.type, data: { refetch: true } } } satisfies Envelope);
      }
      await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${text})`);
    },
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(userId, set);
      open++;
      return () => {
        if (!set.delete(listener)) return;
        open--;
        if (set.size === 0) listeners.delete(userId);
      };
    },
    size: () => open,
    whenClosed: () => closed,
    close: async () => {
      markClosed();
      await stop();
    },
  };
}

/** A connection held for LISTEN, replaced after a second if it breaks. */
async function listenOnPostgres(pool: pg.Pool, deliver: (payload: string) => void, logger: Logger) {
  let client: pg.PoolClient | undefined;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    try {
      const next = await pool.connect();
      next.on('notification', (message) => {
        if (message.channel === REALTIME_CHANNEL && message.payload) deliver(message.payload);
      });
      next.on('error', (error) => {
        logger.warn({ err: error }, 'realtime: listening connection lost; reconnecting');
        next.release(true);
        if (client === next) client = undefined;
        if (!closing) retry = setTimeout(() => void connect(), 1_000);
      });
      await next.query(`LISTEN ${REALTIME_CHANNEL}`);
      client = next;
    } catch (error) {
      logger.warn({ err: error }, 'realtime: cannot listen; retrying');
      if (!closing) retry = setTimeout(() => void connect(), 1_000);
    }
  };
  await connect();

  return async () => {
    closing = true;
    clearTimeout(retry);
    if (client) {
      await client.query(`UNLISTEN ${REALTIME_CHANNEL}`).catch(() => undefined);
      client.release();
      client = undefined;
    }
  };
}
