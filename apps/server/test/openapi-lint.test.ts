import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test-app.ts';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.resolve(serverDir, '../../node_modules/@redocly/cli/bin/cli.js');

type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer?: string }[] };
type Document = {
  paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
  components: { securitySchemes: Record<string, { name: string }> };
};

let ctx: TestContext;
let document: Document;
let text: string;
beforeAll(async () => {
  // Served from a real address: the linter rightly flags localhost as a server, and https: names the cookie __Secure-.
  ctx = await createTestContext({ settings: { PUBLIC_URL: 'https://shop.ecogrid.ug' } });
  text = await (await ctx.request('/api/openapi.json')).text();
  document = JSON.parse(text) as Document;
}, 120_000);
afterAll(async () => ctx.close());

describe('the OpenAPI document', () => {
  it('lints with no error and no warning under redocly.yaml', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ecogrid-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, text);
      const config = path.join(serverDir, 'redocly.yaml');
      // The CLI exits non-zero when it finds errors; the report is what the test reads.
      const { stdout } = await run(
        process.execPath,
        [cli, 'lint', file, '--config', config, '--format', 'json', '--max-problems', '1000'],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
      const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the session cookie as the way to authenticate, and leaves the public reads open', () => {
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__Secure-better-auth.session_token',
    });
    expect(document.paths['/api/catalog/products']?.get?.security).toEqual([]);
    expect(document.paths['/api/wallet']?.get?.security).toBeUndefined();
  });

  it('writes patterns as JSON Schema reads them: no regex flags glued on, and they match what the route takes', () => {
    const patterns = [...text.matchAll(/"pattern":("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(m[1]!) as string);
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      expect(pattern, pattern).not.toMatch(/\/[dgimsuvy]+$/);
      expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
    }
    const personal = JSON.stringify(document.paths['/api/kyc/personal']?.put);
    const legalName = /"legalName":\{[^}]*"pattern":("(?:[^"\\]|\\.)*")/.exec(personal)?.[1];
    expect(legalName).toBeDefined();
    const pattern = new RegExp(JSON.parse(legalName!) as string, 'u');
    for (const name of ['Nakato Sarah', "O'Brien Mukasa", 'Nankya-Ssali Jöelle']) expect(name).toMatch(pattern);
    expect('N4kato').not.toMatch(pattern);
  });
});
