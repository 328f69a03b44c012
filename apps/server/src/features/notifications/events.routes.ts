import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { createRouter, signedInUserId } from '#src/platform/http.ts';
import { isSessionLive } from '#src/features/auth/sessions.service.ts';
import type { RealtimeEvent } from '#src/platform/realtime.ts';
import { unauthenticated } from '#src/platform/route-helpers.ts';

/** A client this far behind (a stalled phone) is cut off; it reconnects and refetches. */
const MAX_QUEUED = 100;

const eventsRoute = createRoute({
  method: 'get',
  operationId: 'streamEvents',
  path: '/events',
  tags: ['notifications'],
  summary: 'Server-Sent Events for the signed-in user: notification, order, payment and loan_repayment',
  description:
    'First a `ready` event (with a reconnect delay); then one event per change, its data JSON. Comment lines keep an idle stream open. After a reconnect, refetch what may have been missed.',
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...unauthenticated,
  },
});

export const eventRoutes = createRouter().openapi(eventsRoute, (c) => {
  const userId = signedInUserId(c.var.user);
  const sessionId = c.var.user!.sessionId;
  const { realtime, db } = c.var;
  c.header('Cache-Control', 'no-store');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const queue: RealtimeEvent[] = [];
    let done = false;
    let wake: (() => void) | undefined;
    const finish = () => {
      done = true;
      wake?.();
    };
    const unsubscribe = realtime.subscribe(userId, (event) => {
      if (queue.length >= MAX_QUEUED) return finish();
      queue.push(event);
      wake?.();
    });
    const forget = realtime.onEnd(finish);
    stream.onAbort(finish);
    // Every heartbeat (25 s by default) an idle stream gets a comment line, so proxies and
    // carriers keep it open, and the session is checked again: a stream ends within one
    // heartbeat of a sign-out, an expiry or a deactivation, even while events keep coming.
    let checkedAt = Date.now();
    try {
      await stream.writeSSE({ event: 'ready', data: '{}', retry: 3_000 });
      while (!done) {
        for (let event = queue.shift(); event; event = queue.shift()) {
          await stream.writeSSE({ event: event.type, data: JSON.stringify(event.data) });
        }
        // The client may have gone while an event was being written.
        if (done) break;
        let timer: NodeJS.Timeout | undefined;
        const woken = await new Promise<boolean>((resolve) => {
          wake = () => resolve(true);
          timer = setTimeout(() => resolve(false), realtime.heartbeatMs);
        });
        clearTimeout(timer);
        wake = undefined;
        if (done) break;
        if (Date.now() - checkedAt >= realtime.heartbeatMs) {
          if (!(await isSessionLive(db, sessionId))) break;
          checkedAt = Date.now();
        }
        if (!woken) await stream.write(': keep-alive\n\n');
      }
    } finally {
      unsubscribe();
      forget();
    }
  }) as never;
});
