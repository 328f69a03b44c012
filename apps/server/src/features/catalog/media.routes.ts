import { Hono } from 'hono';
import type { AppEnv } from '#src/platform/http.ts';
import { MEDIA_FILE } from './product-images.ts';

/** Each file is named by its content's hash and never changes, so anything may keep it for a year. */
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * Uploaded product pictures, read-only, from the storage: `/media/products/<hash>.webp` and its
 * 400 px version. Only names the app makes are looked up; anything else is a plain 404.
 */
export const mediaRoutes = new Hono<AppEnv>().get('/media/products/:file', async (c) => {
  const file = c.req.param('file');
  const data = MEDIA_FILE.test(file) ? await c.var.storage.get(`products/${file}`) : null;
  if (!data) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
  return c.body(new Uint8Array(data), 200, {
    'Content-Type': 'image/webp',
    'Cache-Control': FOREVER,
    'X-Content-Type-Options': 'nosniff',
  });
});
