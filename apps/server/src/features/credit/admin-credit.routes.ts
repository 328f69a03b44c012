import { adminCreditPolicySchema, creditPolicyInputSchema } from '@ecogrid/core/credit-policy';
import { pageSchema } from '@ecogrid/core/page';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import {
  creditPolicyInForce,
  creditPolicyVersions,
  saveCreditPolicy,
  withSaverNames,
} from './credit-policy.service.ts';

const policy = adminCreditPolicySchema.openapi('CreditPolicy');

const policyRoute = createRoute({
  method: 'get',
  ...staffRight('credit.read'),
  operationId: 'adminGetCreditPolicy',
  path: '/credit-policy',
  tags: ['admin', 'loans'],
  summary: 'The credit policy in force and its version (0: the default, before any admin saved one)',
  middleware: [requireStaff('credit.read')] as const,
  responses: { 200: json(policy, 'The policy in force'), ...ADMIN_DENIED },
});

const versionsRoute = createRoute({
  method: 'get',
  ...staffRight('credit.read'),
  operationId: 'adminListCreditPolicyVersions',
  path: '/credit-policy/versions',
  tags: ['admin', 'loans'],
  summary: 'Every saved version of the credit policy, newest first',
  middleware: [requireStaff('credit.read')] as const,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(20),
      cursor: z.string().max(20).optional(),
    }),
  },
  responses: {
    200: json(pageSchema(policy), 'A page of versions'),
    400: errorResponse('A cursor this list did not hand out'),
    ...ADMIN_DENIED,
  },
});

const saveRoute = createRoute({
  method: 'put',
  ...staffRight('credit.change'),
  operationId: 'adminSaveCreditPolicy',
  path: '/credit-policy',
  tags: ['admin', 'loans'],
  summary: 'Save new rules as the next version, with a note saying why (audited); decisions already made keep theirs',
  middleware: [requireStaff('credit.change')] as const,
  request: body(creditPolicyInputSchema),
  responses: {
    200: json(policy, 'The new version, now in force'),
    400: errorResponse('A rule out of range, or no note'),
    409: errorResponse('Another admin saved a version meanwhile'),
    ...ADMIN_DENIED,
  },
});

/** Admins' credit-policy routes, under /api/admin. */
export const adminCreditRoutes = createRouter()
  .openapi(policyRoute, async (c) => {
    const [named] = await withSaverNames(c.var.db, [await creditPolicyInForce(c.var.db)]);
    return c.json(named!, 200);
  })
  .openapi(versionsRoute, async (c) => {
    const page = await creditPolicyVersions(c.var.db, c.req.valid('query'));
    return c.json({ ...page, items: await withSaverNames(c.var.db, page.items) }, 200);
  })
  .openapi(saveRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    const [named] = await withSaverNames(c.var.db, [await saveCreditPolicy(c.var.db, actorId, c.req.valid('json'))]);
    return c.json(named!, 200);
  });
