import { AsyncLocalStorage } from 'node:async_hooks';

/** Where the request being handled came from, as the server worked it out from the connection. */
export type RequestOrigin = { ipAddress: string | null; userAgent: string | null };

const current = new AsyncLocalStorage<RequestOrigin>();

/**
 * Runs `fn` (the rest of a request's handling) with its origin at hand, so that records made deep
 * in a service (the audit log) carry it without every caller passing it down.
 */
export const withRequestOrigin = <T>(origin: RequestOrigin, fn: () => T): T => current.run(origin, fn);

/** The origin of the request being handled; null outside one (background jobs, scripts). */
export const requestOrigin = (): RequestOrigin | null => current.getStore() ?? null;
