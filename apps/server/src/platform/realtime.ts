import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import type { Logger } from './logger.ts';

/** What a user's event stream carries. */
export type RealtimeEvent = {
  type: 'notification' | 'order' | 'payment' | 'loan_repayment' | 'loan' | 'catalog' | 'kyc';
  data: Record<string, unknown>;
};
/** One user's event, or (`all`) one for every open stream, such as a catalogue change. */
type Envelope = { userId: string; event: RealtimeEvent } | { all: true; event: RealtimeEvent };
type Listener = (event: RealtimeEvent) => void;

/** The PostgreSQL channel every app process listens on. */
export const REALTIME_CHANNEL = 'ecogrid_events';
/**
 * The channel a database trigger (migration 0044) notifies with a user's id whenever one of their
 * sessions or their account changes: each process's session cache forgets that user.
 */
export const SESSION_CHANNEL = 'ecogrid_sessions';
/** The channel a statement trigger (migration 0045) notifies whenever products or categories change. */
export const CATALOG_CHANNEL = 'ecogrid_catalog';
/** NOTIFY payloads are limited to 8000 bytes; bigger events tell the client to refetch instead. */
const MAX_PAYLOAD = 7_900;
/** How often the listening connection proves it is still alive. */
const LISTEN_CHECK_MS = 30_000;

export type Realtime = {
  /**
   * Raises an event for a user through the database: with `db` a transaction, it is delivered
   * only if that transaction commits, and to streams held by any app process.
   */
  publish(db: Database, userId: string, event: RealtimeEvent): Promise<void>;
  /** Raises many users' events in one statement, as `publish` does each. */
  publishMany(db: Database, events: { userId: string; event: RealtimeEvent }[]): Promise<void>;
  /** Raises an event for every open stream, on every process; with `db` a transaction, only if it commits. */
  broadcast(db: Database, event: RealtimeEvent): Promise<void>;
  /** Listens for a user's events in this process; returns the unsubscribe function. */
  subscribe(userId: string, listener: Listener): () => void;
  /**
   * Calls `end` when the streams must close: the process is stopping, or its listening
   * connection was lost and events may have been missed (clients reconnect and refetch).
   * Returns the function that forgets it.
   */
  onEnd(end: () => void): () => void;
  /** Calls `changed` with the user's id when any of their sessions or their account changes, on any process. */
  onSessionChange(changed: (userId: string) => void): () => void;
  /** Calls `changed` when products or categories change, on any process (after the change commits). */
  onCatalogChange(changed: () => void): () => void;
  /** Whether this process hears notifications now (false while its listening connection is being replaced). */
  listening(): boolean;
  /** How often an idle stream gets a keep-alive line and its session is checked again. */
  heartbeatMs: number;
  /** Streams open in this process. */
  size(): number;
  close(): Promise<void>;
};

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY: one listening connection per process hands each
 * notification to that process's subscribers of the user. On PGlite (one process) the same
 * happens through PGlite's own listen.
 */
export async function createRealtime(
  handle: DatabaseHandle,
  logger: Logger,
  options: { heartbeatMs?: number } = {},
): Promise<Realtime> {
  const listeners = new Map<string, Set<Listener>>();
  const enders = new Set<() => void>();
  const sessionWatchers = new Set<(userId: string) => void>();
  const catalogWatchers = new Set<() => void>();
  let open = 0;

  const deliver = (payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      logger.warn({ payload: payload.slice(0, 200) }, 'realtime: unreadable notification');
      return;
    }
    if ('all' in envelope) {
      for (const set of listeners.values()) for (const listener of set) listener(envelope.event);
      return;
    }
    for (const listener of listeners.get(envelope.userId) ?? []) listener(envelope.event);
  };
  const endAll = () => {
    for (const end of [...enders]) end();
  };

  const sessionChanged = (userId: string) => {
    for (const changed of [...sessionWatchers]) changed(userId);
  };
  const catalogChanged = () => {
    for (const changed of [...catalogWatchers]) changed();
  };

  let stop: () => Promise<void>;
  let listening: () => boolean;
  if (handle.kind === 'pglite') {
    const unlisten = await handle.client.listen(REALTIME_CHANNEL, deliver);
    const unlistenSessions = await handle.client.listen(SESSION_CHANNEL, sessionChanged);
    const unlistenCatalog = await handle.client.listen(CATALOG_CHANNEL, catalogChanged);
    stop = async () => {
      await unlisten();
      await unlistenSessions();
      await unlistenCatalog();
    };
    listening = () => true;
  } else {
    ({ stop, listening } = await listenOnPostgres(
      handle.client,
      { [REALTIME_CHANNEL]: deliver, [SESSION_CHANNEL]: sessionChanged, [CATALOG_CHANNEL]: catalogChanged },
      endAll,
      logger,
    ));
  }

  const payload = (envelope: Envelope) => {
    const text = JSON.stringify(envelope);
    return Buffer.byteLength(text) > MAX_PAYLOAD
      ? JSON.stringify({ ...envelope, event: { type: envelope.event.type, data: { refetch: true } } })
      : text;
  };
  const notify = async (db: Database, envelope: Envelope) => {
    await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload(envelope)})`);
  };
  const notifyAll = async (db: Database, envelopes: Envelope[]) => {
    if (envelopes.length === 0) return;
    const texts = JSON.stringify(envelopes.map(payload));
    await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, t) from json_array_elements_text(${texts}::json) as t`);
  };

  return {
    publish: (db, userId, event) => notify(db, { userId, event }),
    publishMany: (db, events) => notifyAll(db, events),
    broadcast: (db, event) => notify(db, { all: true, event }),
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
    onEnd(end) {
      enders.add(end);
      return () => enders.delete(end);
    },
    onSessionChange(changed) {
      sessionWatchers.add(changed);
      return () => sessionWatchers.delete(changed);
    },
    onCatalogChange(changed) {
      catalogWatchers.add(changed);
      return () => catalogWatchers.delete(changed);
    },
    listening: () => listening(),
    heartbeatMs: options.heartbeatMs ?? 25_000,
    size: () => open,
    close: async () => {
      endAll();
      await stop();
    },
  };
}

/**
 * A connection held for LISTEN on each of `channels` and checked every 30 s. When it is lost it
 * is replaced after a second, and `lost` ends the open streams: notifications sent meanwhile
 * never arrive, so the clients reconnect and refetch (and session caches start again empty).
 */
async function listenOnPostgres(
  pool: pg.Pool,
  channels: Record<string, (payload: string) => void>,
  lost: () => void,
  logger: Logger,
) {
  let client: pg.PoolClient | undefined;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;

  const drop = (broken: pg.PoolClient, error: unknown) => {
    if (client !== broken) return;
    client = undefined;
    broken.release(true);
    logger.warn({ err: error }, 'realtime: listening connection lost; reconnecting');
    lost();
    schedule();
  };
  const schedule = () => {
    if (!closing && !retry) retry = setTimeout(() => void connect(), 1_000);
  };
  const connect = async () => {
    retry = undefined;
    let next: pg.PoolClient | undefined;
    try {
      next = await pool.connect();
      const current = next;
      current.on('notification', (message) => {
        if (message.payload && Object.hasOwn(channels, message.channel)) channels[message.channel]!(message.payload);
      });
      current.on('error', (error) => drop(current, error));
      for (const channel of Object.keys(channels)) await current.query(`LISTEN ${channel}`);
      if (closing) {
        current.release();
        return;
      }
      client = current;
    } catch (error) {
      next?.release(true);
      logger.warn({ err: error }, 'realtime: cannot listen; retrying');
      schedule();
    }
  };
  await connect();
  const check = setInterval(() => {
    const current = client;
    if (current) current.query('select 1').catch((error: unknown) => drop(current, error));
  }, LISTEN_CHECK_MS);
  check.unref();

  const stop = async () => {
    closing = true;
    clearTimeout(retry);
    clearInterval(check);
    const current = client;
    client = undefined;
    if (current) {
      await current.query('UNLISTEN *').catch(() => undefined);
      current.release();
    }
  };
  return { stop, listening: () => client !== undefined };
}
