import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './http.ts';

const YEAR = 'public, max-age=31536000, immutable';
const NEVER = 'no-store, max-age=0';

/** How long a browser may keep a file of the built app, by the path it was asked for. */
export function cacheControlFor(urlPath: string): string {
  // Vite and Workbox put a content hash in these names, so a changed file gets a new name.
  if (urlPath.startsWith('/assets/') || /^\/workbox-[\w-]+\.js$/.test(urlPath)) return YEAR;
  // The page, the service worker and the manifest must always be fresh, or an update never arrives.
  if (urlPath === '/sw.js' || urlPath.endsWith('.webmanifest') || urlPath.endsWith('.html')) return NEVER;
  if (!path.extname(urlPath)) return NEVER; // a client route, answered with index.html
  return 'public, max-age=3600';
}

/**
 * Serves the built web app: files as they are (pre-compressed copies when the browser takes
 * them), and index.html for every other path so the client router can handle it.
 */
export function mountWebApp(app: Hono<AppEnv>, root: string): void {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.get('*', (c) => c.text('The web app is not built yet. Run `npm run build` (npm start does it for you).', 503));
    return;
  }
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', cacheControlFor(c.req.path));
  });
  app.use('*', serveStatic({ root, precompressed: true }));
  // A missing file (a stale chunk, a mistyped image) is a 404, not the app's HTML.
  app.get('*', async (c, next) => (path.extname(c.req.path) ? c.text('Not found', 404) : next()));
  app.get('*', serveStatic({ root, path: 'index.html', precompressed: true }));
}
