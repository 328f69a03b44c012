import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#src/db/schema/auth.ts';
import { eq } from 'drizzle-orm';
import { signUpAndVerify, userIdOf } from './auth-helpers.ts';
import { signedInAdmin, signedInCustomer } from './catalog-admin.ts';
import { insertProduct } from './factories.ts';
import {
  HOSTILE_CURSORS,
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  hostileBody,
  plausible,
  hostileSegment,
  resolver,
  seeded,
  type Random,
  type Schema,
} from './fuzz-inputs.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from './test-app.ts';

/**
 * Every operation in /api/openapi.json, called with hostile input (NUL characters, lone
 * surrogates, huge and negative numbers, wrong types, malformed ids and cursors, overlong text,
 * missing and extra fields), signed out and as a customer, an agent and an admin. No answer may
 * be a 5xx, every 4xx must be the one error shape, and a 4xx must leave the data as it was.
 * Seeded: a failure names its case, and the same seed replays it.
 */
const SEED = 20_261_125;
const CASES_PER_CALLER = 2;

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
type Caller = { name: string; cookie?: string };

/** What better-auth answers under /api/auth: not in the document, but the same text reaches the database. */
const AUTH_OPERATIONS: [string, Schema][] = [
  [
    '/api/auth/sign-up/email',
    {
      type: 'object',
      required: ['email', 'password', 'name'],
      properties: {
        email: { type: 'string', format: 'email' },
        password: { type: 'string' },
        name: { type: 'string' },
        fullName: { type: 'string' },
      },
    },
  ],
  [
    '/api/auth/sign-in/email',
    {
      type: 'object',
      required: ['email', 'password'],
      properties: { email: { type: 'string', format: 'email' }, password: { type: 'string' } },
    },
  ],
  [
    '/api/auth/sign-up/phone',
    {
      type: 'object',
      required: ['phoneNumber', 'password'],
      properties: { phoneNumber: { type: 'string' }, password: { type: 'string' }, fullName: { type: 'string' } },
    },
  ],
  [
    '/api/auth/sign-in/phone-number',
    {
      type: 'object',
      required: ['phoneNumber', 'password'],
      properties: { phoneNumber: { type: 'string' }, password: { type: 'string' } },
    },
  ],
  [
    '/api/auth/phone-number/verify',
    {
      type: 'object',
      required: ['phoneNumber', 'code'],
      properties: { phoneNumber: { type: 'string' }, code: { type: 'string' } },
    },
  ],
  [
    '/api/auth/request-password-reset',
    { type: 'object', required: ['email'], properties: { email: { type: 'string' }, redirectTo: { type: 'string' } } },
  ],
];

/**
 * The data a refused request must not touch, as one fingerprint. Logs that record refusals by
 * design (security events, sign-in attempts, rate-limit counters) and sessions (a session's
 * expiry slides as it is used) are left out.
 */
const TABLES = [
  'users',
  'accounts',
  'two_factors',
  'products',
  'stock_movements',
  'categories',
  'cart_items',
  'orders',
  'order_lines',
  'payments',
  'journal_transactions',
  'ledger_postings',
  'ledger_accounts',
  'loans',
  'loan_plans',
  'loan_repayments',
  'devices',
  'device_tokens',
  'kyc_records',
  'kyc_documents',
  'agent_customers',
  'audit_log',
  'store_settings',
];
async function fingerprint(ctx: TestContext): Promise<Record<string, string>> {
  const parts = TABLES.map(
    (t) =>
      sql`(select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from ${sql.identifier(t)} x) as ${sql.identifier(t)}`,
  );
  const result = await ctx.db.execute(sql`select ${sql.join(parts, sql`, `)}`);
  return (result as unknown as { rows: Record<string, string>[] }).rows[0]!;
}

let ctx: TestContext;
let document: Document;
let callers: Caller[];
beforeAll(async () => {
  ctx = await createTestContext();
  // Something to find, so that valid ids reach more than the first check.
  await insertProduct(ctx.db);
  const customer = await signedInCustomer(ctx);
  const admin = await signedInAdmin(ctx);
  const agentAccount = await signUpAndVerify(ctx);
  await ctx.db
    .update(users)
    .set({ userType: 'agent', agentStatus: 'approved' })
    .where(eq(users.id, await userIdOf(ctx.db, agentAccount.email)));
  callers = [
    { name: 'signed out' },
    { name: 'customer', cookie: customer.api.cookie },
    { name: 'agent', cookie: agentAccount.cookie },
    { name: 'admin', cookie: admin.api.cookie },
  ];
  document = (await (await ctx.request('/api/openapi.json')).json()) as Document;
}, 300_000);
afterAll(async () => ctx?.close());

function queryValue(parameter: Parameter, random: Random): string {
  if (parameter.name === 'cursor' && random.chance(0.6)) return random.pick(HOSTILE_CURSORS);
  if (random.chance(0.25)) return String(random.pick(HOSTILE_NUMBERS));
  return random.pick(HOSTILE_STRINGS);
}

/** A query string: each declared parameter left out, given once or twice; sometimes an unknown one. */
function hostileQuery(parameters: Parameter[], random: Random): string {
  const search = new URLSearchParams();
  for (const parameter of parameters) {
    if (random.chance(0.4)) continue;
    search.append(parameter.name, queryValue(parameter, random));
    if (random.chance(0.1)) search.append(parameter.name, queryValue(parameter, random));
  }
  if (random.chance(0.2))
    search.append(random.pick(['\u0000', 'x'.repeat(200), 'limit']), random.pick(HOSTILE_STRINGS));
  // URLSearchParams writes lone surrogates as U+FFFD; raw invalid bytes are sent on their own.
  const text = search.toString();
  return text ? `?${text}${random.chance(0.1) ? '&q=%ED%A0%80' : ''}` : '';
}

type Case = { label: string; path: string; init: RequestInit };

function buildCase(method: string, template: string, operation: Operation, caller: Caller, random: Random): Case {
  const resolve = resolver(document.components.schemas);
  const parameters = operation.parameters ?? [];
  const path = template.replace(/\{([^}]+)\}/g, () => hostileSegment(random));
  const query = hostileQuery(
    parameters.filter((p) => p.in === 'query'),
    random,
  );
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    'x-client-ip': `10.9.${random.int(255)}.${random.int(255)}`,
  };
  if (caller.cookie) headers.cookie = caller.cookie;
  if (random.chance(0.7)) headers['idempotency-key'] = random.pick(['fuzz-key', 'x'.repeat(300), ' ', '%00', 'é']);
  let body: RequestInit['body'];
  const content = operation.requestBody?.content ?? {};
  if (content['application/json'] || (method !== 'get' && random.chance(0.3))) {
    headers['content-type'] = 'application/json';
    body = random.chance(0.1)
      ? random.pick(['{"a":', '\u0000', '[', '"\\ud800"', 'null', '1e999'])
      : JSON.stringify(hostileBody(content['application/json']?.schema ?? { type: 'object' }, resolve, random));
  } else if (content['multipart/form-data']) {
    // File uploads: a part that is no picture or document at all, or a field of the wrong name.
    const form = new FormData();
    form.append(
      random.chance(0.7) ? 'file' : 'picture',
      new File([Buffer.from('\u0000GIF89a not really')], 'x.jpg', { type: 'image/jpeg' }),
    );
    form.append('note', '\u0000');
    body = form;
  }
  const url = `${path}${query}`;
  return {
    label: `${operation.operationId} as ${caller.name}: ${method.toUpperCase()} ${url.slice(0, 300)} ${typeof body === 'string' ? body.slice(0, 300) : body ? '[form]' : ''}`,
    path: url,
    init: { method: method.toUpperCase(), headers, body },
  };
}

/** Every string of a plausible body, or of the query, made to end in a NUL. */
function withNul(value: unknown): unknown {
  if (typeof value === 'string') return `${value}\u0000`;
  if (Array.isArray(value)) return value.map(withNul);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withNul(item)]));
  }
  return value;
}

/**
 * Besides the random cases, one per operation that is sure to reach the route's own checks: a
 * well-formed id in the path, a NUL in every query parameter and in every string of the body,
 * from the caller the route is for.
 */
function nulCase(method: string, template: string, operation: Operation, random: Random): Case {
  const resolve = resolver(document.components.schemas);
  const caller = template.startsWith('/api/admin/')
    ? callers[3]!
    : template.startsWith('/api/agent/')
      ? callers[2]!
      : callers[1]!;
  const path = template.replace(/\{([^}]+)\}/g, () => '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b');
  const query = (operation.parameters ?? [])
    .filter((p) => p.in === 'query')
    .map((p) => `${encodeURIComponent(p.name)}=x%00`)
    .join('&');
  const schema = operation.requestBody?.content['application/json']?.schema;
  const headers: Record<string, string> = { origin: TEST_ORIGIN, 'idempotency-key': `nul-${operation.operationId}` };
  if (caller.cookie) headers.cookie = caller.cookie;
  if (schema) headers['content-type'] = 'application/json';
  const body = schema ? JSON.stringify(withNul(plausible(schema, resolve, random))) : undefined;
  const url = `${path}${query ? `?${query}` : ''}`;
  return {
    label: `${operation.operationId} as ${caller.name}: ${method.toUpperCase()} ${url} ${body ?? ''}`.slice(0, 600),
    path: url,
    init: { method: method.toUpperCase(), headers, body },
  };
}

async function send(c: Case): Promise<{ status: number; body: string }> {
  const response = await ctx.request(c.path, c.init);
  // The event stream never ends on its own: its status and headers are what is checked.
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, body: '' };
  }
  return { status: response.status, body: await response.text() };
}

function isErrorBody(text: string): boolean {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string';
  } catch {
    return false;
  }
}

describe('every operation under hostile input', () => {
  it(
    'answers below 500, refusals in the one error shape, and a refusal changes nothing',
    { timeout: 600_000 },
    async () => {
      const random = seeded(SEED);
      const failures: string[] = [];
      const operations: [string, string, Operation][] = [];
      for (const [template, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item)) operations.push([method, template, operation]);
      }
      expect(operations.length).toBeGreaterThan(100);
      for (const [path, schema] of AUTH_OPERATIONS) {
        operations.push([
          'post',
          path,
          { operationId: path, requestBody: { content: { 'application/json': { schema } } } },
        ]);
      }
      let before = await fingerprint(ctx);
      let calls = 0;
      for (const [method, template, operation] of operations) {
        const cases = [nulCase(method, template, operation, random)];
        for (const caller of callers) {
          for (let i = 0; i < CASES_PER_CALLER; i++) cases.push(buildCase(method, template, operation, caller, random));
        }
        for (const c of cases) {
          const answer = await send(c);
          calls++;
          const after = await fingerprint(ctx);
          if (answer.status >= 500) failures.push(`${answer.status} ${c.label} → ${answer.body.slice(0, 200)}`);
          else if (answer.status >= 400) {
            const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
            if (changed.length) failures.push(`${answer.status} changed ${changed.join(', ')}: ${c.label}`);
            // The auth library answers its refusals in its own shape; the app's routes in the one error shape.
            if (!template.startsWith('/api/auth/') && !isErrorBody(answer.body)) {
              failures.push(`${answer.status} not the error shape: ${c.label} → ${answer.body.slice(0, 200)}`);
            }
          }
          before = after;
        }
      }
      expect(calls).toBe(operations.length * (1 + callers.length * CASES_PER_CALLER));
      expect(failures).toEqual([]);
    },
  );
});
