/**
 * Benchmark (d): one app process (bench/auth-server.ts, the full app on PostgreSQL) holding
 * STREAMS open event streams (GET /api/events): USERS accounts, each signed in on
 * STREAMS / USERS devices. Memory per stream is the process's growth (after garbage
 * collection) from before the streams opened to after, divided by their number. Delivery: in
 * each round the benchmark itself runs one `pg_notify` per user on the channel the app listens
 * on, as any app process raising an event does, carrying the time it was sent; every stream
 * records when the event reached it, and the figures are the p50 and p99 over all deliveries of
 * all rounds.
 */
import pg from 'pg';
import { percentile, signedInAccounts, startApp, stopProcess } from './lib.ts';

const USERS = 20;
const STREAMS = 1_000;
const ROUNDS = 5;
const CHANNEL = 'ecogrid_events';
const PASSWORD = 'solar pumps water for the maize';

type Usage = { rss: number; heapUsed: number; streams: number; gc: boolean };
const mib = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));

async function usage(baseUrl: string): Promise<Usage> {
  return (await (await fetch(`${baseUrl}/bench/usage?gc=1`)).json()) as Usage;
}

/** Signs up, confirms and signs in USERS accounts; returns each one's id and session cookie. */
function signedInUsers(baseUrl: string, databaseUrl: string) {
  const run = Date.now().toString(36);
  const accounts = Array.from({ length: USERS }, (_, i) => ({
    email: `events-${run}-${i}@bench.example`,
    password: PASSWORD,
    name: `Customer ${i}`,
  }));
  return signedInAccounts(baseUrl, databaseUrl, accounts);
}

type Stream = { userId: string; reader: ReadableStreamDefaultReader<Uint8Array>; arrivals: Map<number, number> };

/** Opens a stream and keeps reading it, noting when each round's event arrives. */
async function openStream(baseUrl: string, user: { id: string; cookie: string }): Promise<Stream> {
  const response = await fetch(`${baseUrl}/api/events`, { headers: { cookie: user.cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`stream: ${response.status}`);
  const reader = response.body.getReader();
  const stream: Stream = { userId: user.id, reader, arrivals: new Map() };
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      const now = performance.timeOrigin + performance.now();
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const round = /"round":(\d+)/.exec(message)?.[1];
        if (round) stream.arrivals.set(Number(round), now);
      }
    }
  })();
  return stream;
}

export async function benchEvents(databaseUrl: string) {
  const { server, baseUrl } = await startApp(databaseUrl, { nodeArgs: ['--expose-gc'], env: { LOG_LEVEL: 'warn' } });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const streams: Stream[] = [];
  try {
    const users = await signedInUsers(baseUrl, databaseUrl);
    const before = await usage(baseUrl);
    for (let i = 0; i < STREAMS; i += 50) {
      streams.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, STREAMS - i) }, (_, j) => openStream(baseUrl, users[(i + j) % USERS]!)),
        )),
      );
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const after = await usage(baseUrl);
    if (after.streams !== STREAMS) throw new Error(`the server holds ${after.streams} streams, not ${STREAMS}`);

    const delays: number[] = [];
    let missing = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const sentAt = new Map<string, number>();
      for (const user of users) {
        const payload = JSON.stringify({ userId: user.id, event: { type: 'notification', data: { round } } });
        sentAt.set(user.id, performance.timeOrigin + performance.now());
        await db.query('select pg_notify($1, $2)', [CHANNEL, payload]);
      }
      await new Promise((r) => setTimeout(r, 2_000));
      for (const stream of streams) {
        const arrived = stream.arrivals.get(round);
        if (arrived === undefined) missing++;
        else delays.push(arrived - sentAt.get(stream.userId)!);
      }
    }
    return {
      users: USERS,
      streams: STREAMS,
      rounds: ROUNDS,
      garbageCollected: after.gc,
      rssBeforeMiB: mib(before.rss),
      rssAfterMiB: mib(after.rss),
      rssPerStreamKiB: kib((after.rss - before.rss) / STREAMS),
      heapPerStreamKiB: kib((after.heapUsed - before.heapUsed) / STREAMS),
      deliveries: delays.length,
      missing,
      p50Ms: Number(percentile(delays, 50).toFixed(1)),
      p99Ms: Number(percentile(delays, 99).toFixed(1)),
      maxMs: Number(Math.max(...delays).toFixed(1)),
    };
  } finally {
    await Promise.all(streams.map((s) => s.reader.cancel().catch(() => undefined)));
    await db.end();
    await stopProcess(server);
  }
}
