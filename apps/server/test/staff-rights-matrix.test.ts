import { randomUUID } from 'node:crypto';
import { ROLE_RIGHTS, STAFF_RIGHTS, STAFF_ROLES, type StaffRight, type StaffRole } from '@ecogrid/core/staff-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, type Client } from './catalog-admin.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from './test-app.ts';

/**
 * Every staff operation in /api/openapi.json, called by a signed-in staff member of each role
 * (with an authenticator app): 403 staff_right_missing exactly when the role lacks the right the
 * operation names in x-staff-right, and never a 403 otherwise. Operations under /api/admin that
 * name no right are for full admins only (requireAdmin).
 */
type Operation = { operationId: string; 'x-staff-right'?: string };
type Document = { paths: Record<string, Record<string, Operation>> };
type StaffOperation = { method: string; path: string; operationId: string; right: StaffRight };

let ctx: TestContext;
let operations: StaffOperation[];
const staff = new Map<StaffRole, Client>();

beforeAll(async () => {
  ctx = await createTestContext();
  const document = (await (await ctx.request('/api/openapi.json')).json()) as Document;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      const named = operation['x-staff-right'];
      if (!named && !path.startsWith('/api/admin/')) return [];
      return [{ method, path, operationId: operation.operationId, right: (named ?? 'staff.manage') as StaffRight }];
    }),
  );
  for (const role of STAFF_ROLES) staff.set(role, (await signedInAdmin(ctx, role)).api);
}, 120_000);
afterAll(async () => ctx?.close());

/** The path with every {param} filled by an id that names nothing. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, randomUUID());

/** The operation called with an empty body (or none): only the status and the error code matter. */
async function call(cookie: string, operation: StaffOperation) {
  const response = await ctx.request(concrete(operation.path), {
    method: operation.method.toUpperCase(),
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      cookie,
      'idempotency-key': randomUUID(),
    },
    body: operation.method === 'get' || operation.method === 'delete' ? undefined : '{}',
  });
  const text = await response.text();
  const code =
    response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text)?.error?.code : undefined;
  return { status: response.status, code: code as string | undefined };
}

describe('staff rights', () => {
  it('names a known right on every staff operation', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const operation of operations) expect(STAFF_RIGHTS, operation.operationId).toContain(operation.right);
  });

  for (const role of STAFF_ROLES) {
    it(`answers ${role} 403 staff_right_missing exactly where the role lacks the right`, async () => {
      const cookie = staff.get(role)!.cookie!;
      const wrong: string[] = [];
      for (const operation of operations) {
        const answer = await call(cookie, operation);
        const holds = ROLE_RIGHTS[role].includes(operation.right);
        const refused = answer.status === 403 && answer.code === 'staff_right_missing';
        if (holds ? answer.status === 403 : !refused) {
          wrong.push(
            `${operation.method.toUpperCase()} ${operation.path} (${operation.right}): ${answer.status} ${answer.code ?? ''}`,
          );
        }
      }
      expect(wrong).toEqual([]);
    }, 120_000);
  }

  it('says in the refusal what the role may not do', async () => {
    const answer = await staff.get('credit_officer')!.get('/api/admin/payments');
    expect(answer.status).toBe(403);
    expect(answer.body.error).toEqual({
      code: 'staff_right_missing',
      message: 'Your staff role does not let you see payments. Ask a full admin if you need it.',
    });
  });

  it('lets the auditor read everything and change nothing', () => {
    expect(ROLE_RIGHTS.auditor.every((right) => right.endsWith('.read'))).toBe(true);
    expect(STAFF_RIGHTS.filter((right) => right.endsWith('.read')).every((r) => ROLE_RIGHTS.auditor.includes(r))).toBe(
      true,
    );
  });
});
