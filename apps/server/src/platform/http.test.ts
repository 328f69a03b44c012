import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressReads, createRouter } from './http.ts';

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
