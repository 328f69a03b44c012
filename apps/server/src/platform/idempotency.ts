import { createHash } from 'node:crypto';
import { canonicalJson } from '@ecogrid/core/canonical-json';
import { IDEMPOTENCY_KEY_PATTERN } from '@ecogrid/core/payments';
import { and, eq, lt } from 'drizzle-orm';
import type { Context, Next } from 'hono';
import type { Database } from '#src/db/client.ts';
import { idempotencyKeys } from '#src/db/schema/idempotency.ts';
import { AppError } from './errors.ts';
import { errorResponse, type AppEnv, type IdempotentRequest } from './http.ts';

/** A first request this long without an answer is taken to have died with its process; a retry may run it. */
const ABANDONED_AFTER_MS = 60_000;

async function requestHash(c: Context<AppEnv>): Promise<string> {
  const text = await c.req.text();
  let body = text;
  try {
    // Keys sorted, so the same body typed differently is the same request.
    body = canonicalJson(JSON.parse(text));
  } catch {
    // Not JSON: compared as sent (the route's validation refuses it anyway).
  }
  return createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex');
}

/** What an idempotent route may also answer, for its OpenAPI description. */
export const IDEMPOTENCY_RESPONSES = {
  409: errorResponse('A request with this Idempotency-Key is still being processed'),
  422: errorResponse('A business rule refused the request, or the Idempotency-Key was used for another request'),
} as const;

// The type lives with the request context it is part of; kept importable from here for services.
export type { IdempotentRequest };

/** The request's Idempotency-Key, checked (400 when missing or malformed), and its request hash. */
async function idempotentRequest(c: Context<AppEnv>): Promise<IdempotentRequest> {
  const key = c.req.header('Idempotency-Key');
  if (!key) {
    throw new AppError(
      'idempotency_key_required',
      'This request moves money: send an Idempotency-Key header (a new random value for each payment, the same one when retrying it).',
      400,
    );
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError(
      'validation_failed',
      'Idempotency-Key must be 8 to 255 visible characters, such as a UUID.',
      400,
    );
  }
  return { key, requestHash: await requestHash(c) };
}

/** The refusal of a key already used for a different request. */
export const keyReused = () =>
  new AppError(
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different request. Use a new key for a new payment.',
    422,
  );

/**
 * For routes whose service keeps the key with the change it makes, in the same statement (a
 * wallet payment: the payment row holds the key and the request hash, unique per user). Checks
 * the key and puts it on `c.var.idempotency` without a query of its own; the service answers a
 * repeat with what the first request made and refuses the key with another request (keyReused).
 * A request the service refused changed nothing and left no trace, so its retry runs again.
 */
export async function takeIdempotencyKey(c: Context<AppEnv>, next: Next) {
  if (!c.var.user) throw new AppError('not_authenticated', 'User not authenticated', 401);
  c.set('idempotency', await idempotentRequest(c));
  await next();
}

/**
 * For requests that move money: the caller sends an Idempotency-Key. The first request with
 * a key runs and its answer is kept (IDEMPOTENCY_KEEP_HOURS); a retry with the same key and the same body
 * gets that answer again (with Idempotent-Replayed: true) without running twice; the same key
 * with another body is refused. Answers of 500 and above are not kept, so those may be retried.
 * The money-moving services are idempotent on the key as well, so even a first request cut off
 * by a crash cannot apply twice when its retry runs.
 */
export async function requireIdempotencyKey(c: Context<AppEnv>, next: Next) {
  const user = c.var.user;
  if (!user) throw new AppError('not_authenticated', 'User not authenticated', 401);
  const { key, requestHash: hash } = await idempotentRequest(c);
  c.set('idempotency', { key, requestHash: hash });
  const db = c.var.db;
  const scope = user.id;
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!first) throw new AppError('request_in_progress', 'Try again in a moment.', 409);
    if (first.requestHash !== hash) throw keyReused();
    if (first.responseStatus !== null) {
      c.header('Idempotent-Replayed', 'true');
      return c.json(first.responseBody as object, first.responseStatus as 200);
    }
    const [takenOver] = await db
      .update(idempotencyKeys)
      .set({ lockedAt: new Date() })
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.lockedAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (!takenOver) {
      throw new AppError(
        'request_in_progress',
        'The first request with this Idempotency-Key is still being processed. Try again in a moment.',
        409,
      );
    }
  }

  await next();

  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  if (c.res.status >= 500) {
    await db.delete(idempotencyKeys).where(where);
    return;
  }
  const body: unknown = await c.res
    .clone()
    .json()
    .catch(() => null);
  await db.update(idempotencyKeys).set({ responseStatus: c.res.status, responseBody: body }).where(where);
}

/** How long a kept answer is replayed; after that a retry reaches the (also idempotent) service again. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

/** Forgets answers older than IDEMPOTENCY_KEEP_HOURS (the daily cleanup). */
export async function pruneIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_HOURS * 3_600_000)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
