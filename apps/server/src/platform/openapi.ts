import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './http.ts';
import { APP_VERSION } from './version.ts';

type Document = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;
type Operation = { responses?: Record<string, unknown> };

/** The session cookie better-auth sets; on an https address it carries the __Secure- prefix. */
export const sessionCookieName = (publicUrl: string) =>
  `${publicUrl.startsWith('https:') ? '__Secure-' : ''}better-auth.session_token`;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/**
 * Any /api request can be refused before its route runs (text-guard.ts): a 400 every operation
 * may answer, so the ones that list no 400 of their own get this one.
 */
function withEdgeRefusals(document: Document): Document {
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (operation?.responses && !operation.responses['400']) {
        operation.responses['400'] = { $ref: '#/components/responses/BadRequest' };
      }
    }
  }
  return document;
}

/**
 * GET /api/openapi.json: the document generated from the routes' schemas, with how callers
 * authenticate. Every operation needs the session cookie unless it says otherwise: the public
 * reads declare `security: []`, MTN's callback its token. Bearer tokens are not accepted: the
 * JWT from /api/auth/token is for other services, which check it against /.well-known/jwks.json.
 */
export function documentApi(app: OpenAPIHono<AppEnv>, publicUrl: string) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieName(publicUrl),
    description:
      'The http-only session cookie set by signing in under /api/auth (email or phone and password, then a second factor when it is on). Requests that change something must also come from the app’s own origin.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'mtnCallbackToken', {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'The token EcoGrid put in the callback address it gave MTN for this payment.',
  });
  app.openAPIRegistry.registerComponent('responses', 'BadRequest', {
    description:
      'Refused before the route ran: text in the address or body holds a NUL character or half of a surrogate pair (invalid_text)',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  let document: Document | undefined;
  app.get('/api/openapi.json', (c) =>
    c.json(
      (document ??= withEdgeRefusals(
        app.getOpenAPI31Document({
          openapi: '3.1.0',
          info: {
            title: 'EcoGrid API',
            version: APP_VERSION,
            description: 'Marketplace for energy products in Uganda',
          },
          servers: [{ url: publicUrl, description: 'This deployment' }],
          security: [{ sessionCookie: [] }],
        }),
      )),
    ),
  );
}
