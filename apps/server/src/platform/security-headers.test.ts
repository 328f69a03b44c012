import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, securityHeaders, type SecurityHeaderOptions } from './security-headers.ts';

const headersOf = async (options: SecurityHeaderOptions) => {
  const app = new Hono().use('*', securityHeaders(options)).get('/', (c) => c.text('ok'));
  return (await app.request('/')).headers;
};

describe('securityHeaders', () => {
  it('pins the browser to https (HSTS) only in production behind an https address', async () => {
    const hsts = (options: SecurityHeaderOptions) =>
      headersOf(options).then((headers) => headers.get('strict-transport-security'));
    expect(await hsts({ publicUrl: 'https://ecogrid.ug', production: true })).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(await hsts({ publicUrl: 'http://192.168.1.20:3000', production: true })).toBeNull();
    expect(await hsts({ publicUrl: 'https://ecogrid.ug', production: false })).toBeNull();
  });

  it('allows scripts and workers from the app itself only, and no framing', async () => {
    const csp = (await headersOf({ publicUrl: 'http://localhost:3000', production: false })).get(
      'content-security-policy',
    );
    expect(csp).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "connect-src 'self'; font-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });
});

describe('inlineScriptHashes', () => {
  it("hashes each inline script's text, and not the scripts loaded from files", () => {
    const html = '<script>a()</script><script type="module" src="/assets/x.js"></script><script >\nb()\n</script>';
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='",
      "'sha256-NlXKTQe8YfLmZqnEm5aXK1Lb/1wWgkKgNs+lNRY6yOo='",
    ]);
  });
});
