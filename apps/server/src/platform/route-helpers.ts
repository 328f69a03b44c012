import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { errorResponse, signedInUserId, type AppEnv } from './http.ts';

/** A JSON response for a route's OpenAPI description. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body, spread into a route's `request`. */
export const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

/** The 401 of every route that needs the session cookie. */
export const unauthenticated = { 401: errorResponse('Not signed in: User not authenticated') };

/** The Idempotency-Key header of a money-moving route (requireIdempotencyKey refuses a request without it). */
export const idempotencyKeyHeader = z.object({
  'idempotency-key': z.string().optional().openapi({
    description: 'A new random value (a UUID) for each payment; the same value when retrying it. Required.',
  }),
});

/** Who is acting, for the audit trail: the signed-in user (401 otherwise), their address and browser. */
export const actorOf = (c: Context<AppEnv>) => ({
  id: signedInUserId(c.var.user),
  ip: c.var.clientIp,
  userAgent: c.req.header('user-agent') ?? null,
});

/** A PDF answer, for a route's `responses`. */
export const pdf = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
});

/** The headers of a PDF to download: private, never cached, saved under this name. */
export const pdfHeaders = (filename: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'private, no-store',
});

/** A CSV answer, for the OpenAPI document. */
export const csv = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string().openapi({ description: 'RFC 4180 CSV; columns in docs/exports.md' }) } },
});

/** The headers of a CSV download, kept out of shared caches. */
export const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'private, no-store',
});
