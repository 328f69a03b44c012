import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { BODY_LIMIT_BYTES, BODY_TOO_LARGE, compressReads, createRouter, limitBodies, uploadLimit } from './http.ts';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Solar lantern ${i}` })) };

function app() {
  const router = createRouter();
  router.use('*', compressReads());
  router.get('/api/products', (c) => c.json(big));
  router.post('/api/products', (c) => c.json(big, 201));
  router.get('/api/events', (c) => c.text('event: ping\n\n'.repeat(200), 200, { 'content-type': 'text/event-stream' }));
  return router;
}
const asPhone = { 'accept-encoding': 'gzip, deflate, br' };

describe('compressReads', () => {
  it('gzips a large answer to a read for a client that accepts it', async () => {
    const response = await app().request('/api/products', { headers: asPhone });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString())).toEqual(big);
  });

  it('sends the answer to a write, and the event stream, as they are', async () => {
    const written = await app().request('/api/products', { method: 'POST', headers: asPhone });
    expect(written.status).toBe(201);
    expect(written.headers.get('content-encoding')).toBeNull();
    expect(await written.json()).toEqual(big);
    const events = await app().request('/api/events', { headers: asPhone });
    expect(events.headers.get('content-encoding')).toBeNull();
  });

  it('sends a read as it is to a client that does not accept gzip', async () => {
    const response = await app().request('/api/products');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toEqual(big);
  });
});

describe('limitBodies', () => {
  const limited = () => {
    const router = createRouter();
    router.use('/api/*', limitBodies());
    router.post('/api/notes', async (c) => c.json({ length: (await c.req.text()).length }));
    router.post('/api/upload', uploadLimit(1024 * 1024, 'Too big'), async (c) =>
      c.json({ size: (await c.req.arrayBuffer()).byteLength }),
    );
    router.onError((error, c) => c.json({ error: error.message }, error instanceof AppError ? error.status : 500));
    return router;
  };
  const post = (path: string, bytes: number) =>
    limited().request(path, {
      method: 'POST',
      body: 'x'.repeat(bytes),
      headers: { 'content-type': 'application/json' },
    });

  it('refuses a body over 64 kB with 413, and takes one up to it', async () => {
    expect((await post('/api/notes', BODY_LIMIT_BYTES)).status).toBe(200);
    const refused = await post('/api/notes', BODY_LIMIT_BYTES + 1);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: BODY_TOO_LARGE });
  });

  it('leaves a route with its own upload limit to that limit', async () => {
    expect((await post('/api/upload', 512 * 1024)).status).toBe(200);
    expect((await post('/api/upload', 2 * 1024 * 1024)).status).toBe(413);
  });
});
