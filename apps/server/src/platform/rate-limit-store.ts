import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { rateLimits } from '#src/db/schema/auth.ts';

type Rule = { window: number; max: number };
type Decision = { allowed: boolean; retryAfter: number | null };

/**
 * Request limits per key (an address and a path), counted in fixed windows in the `rate_limits`
 * table that every app process shares: the auth library's limits, and the app's own (the
 * assistant's language model). A window opens with a key's first request and closes `window`
 * seconds later, however many requests arrive meanwhile; the next request after it opens a new
 * one. (The library's own database store restarts its window at each allowed request, so an
 * address with a steady stream of sign-ins — a carrier's shared address, a busy office — keeps
 * counting and is refused for good once it reaches the limit.)
 *
 * One statement reads, resets or increments and answers, so parallel requests from several
 * processes are counted exactly. `last_request` holds when the key's current window opened.
 */
export function createRateLimitStore(db: Database, clock: () => number = Date.now) {
  return {
    async consume(key: string, rule: Rule): Promise<Decision> {
      const now = clock();
      const windowMs = rule.window * 1000;
      const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            lastRequest: sql`case when ${expired} then ${now}::bigint else ${rateLimits.lastRequest} end`,
          },
        })
        .returning({ count: rateLimits.count, openedAt: rateLimits.lastRequest });
      if (row!.count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((row!.openedAt + windowMs - now) / 1000)) };
    },
  };
}
