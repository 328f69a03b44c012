import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import type { RealtimeEvent } from '#src/platform/realtime.ts';

/** Idle streams get a comment line this often, so proxies and carriers keep them open. */
export const HEARTBEAT_MS = 25_000;

const eventsRoute = createRoute({
  method: 'get',
  path: '/events',
  tags: ['notifications'],
  summary: 'Server-Sent Events for the signed-in user: notification, order, payment and loan_repayment',
  description:
    'First a `ready` event (with a reconnect delay); then one event per change, its data JSON. Comment lines keep an idle stream open. After a reconnect, refetch what may have been missed.',
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    401: errorResponse('Not signed in: User not authenticated'),
  },
});

export const eventRoutes = createRouter().openapi(eventsRoute, (c) => {
  const userId = signedInUserId(c.var.user);
  const realtime = c.var.realtime;
  c.header('Cache-Control', 'no-store');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const queue: RealtimeEvent[] = [];
    let done = false;
    let wake: (() => void) | undefined;
    const unsubscribe = realtime.subscribe(userId, (event) => {
      queue.push(event);
      wake?.();
    });
    const finish = () => {
      done = true;
      wake?.();
    };
    stream.onAbort(finish);
    void realtime.whenClosed().then(finish);
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
          timer = setTimeout(() => resolve(false), HEARTBEAT_MS);
        });
        clearTimeout(timer);
        wake = undefined;
        if (!woken && !done) await stream.write(': keep-alive\n\n');
      }
    } finally {
      unsubscribe();
    }
  }) as never;
});
