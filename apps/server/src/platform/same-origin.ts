import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Paths that check their callers themselves: the auth library (the same check, in its own
 * words) and the networks' and Africa's Talking's callbacks, sent by their servers and proven by a token
 * or a signature.
 */
const CHECKED_ELSEWHERE = ['/api/auth/', '/api/payments/callbacks/', '/api/callbacks/'];

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Where a browser says the request comes from, or null when it does not say. */
function claimedOrigin(c: Context): string | null {
  const origin = c.req.header('origin');
  // A page that hides its address (a sandboxed frame, a privacy setting) sends "null"; the
  // browser's own Sec-Fetch-Site still says whether that page is ours.
  if (origin === 'null') return c.req.header('sec-fetch-site') === 'same-origin' ? originOf(c.req.url) : 'null';
  if (origin) return origin;
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return site;
  const referer = c.req.header('referer');
  return referer ? (originOf(referer) ?? 'null') : null;
}

/**
 * Refuses (403) a write to the API that a browser sends from another site with the user's
 * cookies: a form or a script elsewhere cannot act as the signed-in user. The trusted origins
 * are those of `trustedOrigins` in the auth configuration: the configured public address and
 * the address the request itself came to. A request without cookies carries no one's session
 * (a phone app with its own token, a server, a test), so another site gains nothing by sending
 * it and it passes, as in the auth library's own check.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (READS.has(c.req.method) || !c.req.header('cookie')) return next();
    if (CHECKED_ELSEWHERE.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const claimed = claimedOrigin(c);
    if (claimed !== null && claimed !== publicOrigin && claimed !== originOf(c.req.url)) {
      throw new AppError('cross_site_request', 'This request came from another website and was refused.', 403);
    }
    return next();
  };
}
