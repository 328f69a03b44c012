import type { DiagnosticRun } from '@ecogrid/core/diagnostics';
import type { Language } from '@ecogrid/core/agent-field';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { errorCodeSchema } from '@ecogrid/core/errors';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { matchedRoutes } from 'hono/route';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { AppError } from './errors.ts';
import { asLanguage, languageFromHeader } from './i18n.ts';
import type { Jobs } from './jobs.ts';
import type { Logger } from './logger.ts';
import type { Messages } from './messaging.ts';
import type { MobileMoney } from './mobile-money/index.ts';
import type { Realtime } from './realtime.ts';
import type { Storage } from './storage.ts';

/** A money-moving request's Idempotency-Key and the hash of what it asks (method, path, body). */
export type IdempotentRequest = { key: string; requestHash: string };

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    db: Database;
    /**
     * For reads that tolerate a moment's lag and lead to no write (reports, exports, portfolio
     * figures): the read replica when one is configured, else `db` (DatabaseHandle.reader).
     */
    reader: Database;
    dbHandle: DatabaseHandle;
    realtime: Realtime;
    /** Uploaded files (product pictures). */
    storage: Storage;
    /** Private files: identity documents and support tickets' photos (never public). */
    documents: Storage;
    jobs: Jobs;
    /** The address people reach the app at (for links in messages). */
    publicUrl: string;
    /** Queues email and SMS for delivery. */
    messages: Messages;
    /** The MTN and Airtel adapters (or the built-in sandbox). */
    mobileMoney: MobileMoney;
    /** The caller's address, from the connection (and trusted proxies), never from a client's header. */
    clientIp: string | null;
    /** Decrypts authenticator-app secrets when a sensitive action is confirmed with one. */
    authSecret: string;
    /** The token in every Africa's Talking callback address (africastalking-callbacks.ts). */
    atCallbackToken: string;
    /** Runs the system checks now for the admin who asked (features/diagnostics, background.ts). */
    diagnostics: { runFor(adminId: string): Promise<DiagnosticRun> };
    /** How many days an order sold for cash waits for the agent to record the cash (CASH_ORDER_DAYS). */
    cashOrderDays: number;
    /** The signed-in user, or null; set for every /api request from the session cookie. */
    user: {
      id: string;
      userType: string;
      twoFactorEnabled: boolean;
      sessionId: string;
      /** users.preferred_language: error messages are answered in it. */
      language?: Language;
    } | null;
    /** The Idempotency-Key and request hash, on routes behind takeIdempotencyKey. */
    idempotency: IdempotentRequest;
  };
};

/**
 * The language the one reading the answer reads: the signed-in user's preference, else the
 * first language of Accept-Language the app speaks (error messages and order notes follow it).
 */
export const readerLanguage = (c: Context<AppEnv>): Language =>
  c.var.user ? asLanguage(c.var.user.language) : languageFromHeader(c.req.header('accept-language'));

/** The error body every route documents; the one shape any failure takes. */
export const errorSchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      problems: z
        .array(z.string())
        .optional()
        .describe('Every problem found, when there are several (a file, by line)'),
    }),
  })
  .openapi('Error');

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

type Issue = { code: string; input?: unknown } | undefined;

/** The catalogue's words for a failed check: the field named as the API names it, and what is wrong. */
function validationText(issue: Issue, field: string | undefined): [string, Record<string, string>] {
  if (!issue || !field) return ['errors:validation.request', {}];
  const kind =
    issue.code === 'invalid_type' && issue.input === undefined
      ? 'required'
      : issue.code === 'too_small'
        ? 'tooSmall'
        : issue.code === 'too_big'
          ? 'tooBig'
          : 'invalid';
  return [`errors:validation.${kind}`, { field }];
}

/** A router whose validation failures become one AppError with the first problem spelt out. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const field = issue?.path.join('.');
        const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Invalid request';
        throw new AppError('validation_failed', message, 400).withText(...validationText(issue, field));
      }
    },
  });
}

/** The signed-in user's id, or 401 'User not authenticated' (spec section 8). */
export function signedInUserId(user: AppEnv['Variables']['user']): string {
  if (!user) throw new AppError('not_authenticated', 'User not authenticated', 401);
  return user.id;
}

/** Answers an anonymous caller 401 before the route reads its input (for routes whose input can be refused). */
export const requireSignedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  signedInUserId(c.var.user);
  await next();
};

/**
 * Compresses the answers to reads (GET: pages, scripts, lists), which can be large; the answers
 * to writes are one record or an error, a few hundred bytes, where gzip saves next to nothing and
 * costs the most (the compressor must first turn the answer into a stream, whatever its size).
 * The event stream is never compressed: it must reach the client as it is written.
 */
export function compressReads(): MiddlewareHandler {
  const compression = compress();
  return (c, next) =>
    (c.req.method === 'GET' || c.req.method === 'HEAD') && c.req.path !== '/api/events' ? compression(c, next) : next();
}

/** Multipart overhead (boundary, part headers) on top of the largest file allowed. */
const MULTIPART_SLACK = 64 * 1024;

/** The largest body any route but an upload takes: forms and JSON of a few fields, never a file. */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const BODY_TOO_LARGE = 'The request is larger than 64 kB.';

const uploadLimits = new WeakSet<MiddlewareHandler>();

/** Refuses an upload larger than `maxBytes` (413 with `message`) before reading it. */
export const uploadLimit = (maxBytes: number, message: string) => {
  const limit = bodyLimit({
    maxSize: maxBytes + MULTIPART_SLACK,
    onError: () => {
      throw new AppError('too_large', message, 413);
    },
  });
  uploadLimits.add(limit);
  return limit;
};

/**
 * Limits every request body to BODY_LIMIT_BYTES (413 before it is read in full), except on the
 * routes declared with an uploadLimit, which set their own. Runs before the routes, and so
 * before any body is parsed.
 */
export function limitBodies(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('too_large', BODY_TOO_LARGE, 413);
    },
  });
  return (c, next) => {
    const isUpload = matchedRoutes(c).some(({ handler }) => {
      const inner = (handler as { [COMPOSED_HANDLER]?: MiddlewareHandler })[COMPOSED_HANDLER] ?? handler;
      return uploadLimits.has(inner as MiddlewareHandler);
    });
    return isUpload ? next() : limit(c, next);
  };
}

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** Puts limitBodies' 413 in the OpenAPI document of every write that does not already document one. */
export function documentBodyLimit(app: OpenAPIHono<AppEnv>): void {
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route' || !WRITES.has(definition.route.method)) continue;
    const { responses } = definition.route;
    if (!responses[413]) definition.route.responses = { ...responses, 413: errorResponse(BODY_TOO_LARGE) };
  }
}
