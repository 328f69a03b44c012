import {
  APPROVAL_STATUSES,
  approvalThresholdSchema,
  declineApprovalSchema,
  setApprovalThresholdSchema,
} from '@ecogrid/core/approvals';
import { uuidSchema } from '@ecogrid/core/ids';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireAdmin, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import {
  approveApproval,
  declineApproval,
  fourEyesThreshold,
  listApprovals,
  setFourEyesThreshold,
  approvalView,
} from './approvals.service.ts';

const approval = approvalView;
const idParams = z.object({ id: uuidSchema('approval id') });
const decided = {
  200: json(approval, 'The request after the decision'),
  400: errorResponse('Bad id or body'),
  ...ADMIN_DENIED,
  404: errorResponse('No such request'),
  409: errorResponse('The request was decided already'),
};

const listRoute = createRoute({
  method: 'get',
  ...staffRight('payments.read'),
  operationId: 'adminListApprovals',
  path: '/approvals',
  tags: ['admin', 'approvals'],
  summary: 'Refunds and write-offs waiting for a second staff member (oldest first), or those decided (newest first)',
  middleware: [requireStaff('payments.read')] as const,
  request: { query: z.object({ status: z.enum(APPROVAL_STATUSES).default('pending') }) },
  responses: {
    200: json(z.object({ items: z.array(approval) }), 'The requests'),
    400: errorResponse('Bad status'),
    ...ADMIN_DENIED,
  },
});

const approveRoute = createRoute({
  method: 'post',
  ...staffRight('payments.change'),
  operationId: 'adminApproveApproval',
  path: '/approvals/{id}/approve',
  tags: ['admin', 'approvals'],
  summary:
    'Approve another staff member’s refund or write-off: the money moves in the same transaction (audited with both names); approving again changes nothing',
  middleware: [requireStaff('payments.change'), requireIdempotencyKey] as const,
  request: { params: idParams },
  responses: { ...decided, ...IDEMPOTENCY_RESPONSES },
});

const declineRoute = createRoute({
  method: 'post',
  ...staffRight('payments.change'),
  operationId: 'adminDeclineApproval',
  path: '/approvals/{id}/decline',
  tags: ['admin', 'approvals'],
  summary: 'Decline another staff member’s refund or write-off, saying why: nothing moves (audited with both names)',
  middleware: [requireStaff('payments.change')] as const,
  request: { params: idParams, ...body(declineApprovalSchema) },
  responses: decided,
});

const thresholdRoute = createRoute({
  method: 'get',
  ...staffRight('payments.read'),
  operationId: 'adminGetApprovalThreshold',
  path: '/approvals/threshold',
  tags: ['admin', 'approvals'],
  summary: 'The amount above which refunds and write-offs need a second staff member',
  middleware: [requireStaff('payments.read')] as const,
  responses: { 200: json(approvalThresholdSchema, 'The threshold'), ...ADMIN_DENIED },
});

const setThresholdRoute = createRoute({
  method: 'put',
  ...staffRight('staff.manage'),
  operationId: 'adminSetApprovalThreshold',
  path: '/approvals/threshold',
  tags: ['admin', 'approvals'],
  summary: 'Change the four-eyes threshold (full admins; audited with the old and the new amount)',
  middleware: [requireAdmin] as const,
  request: body(setApprovalThresholdSchema),
  responses: {
    200: json(approvalThresholdSchema, 'The new threshold'),
    400: errorResponse('Bad amount'),
    ...ADMIN_DENIED,
  },
});

/** Four eyes on large refunds and write-offs (decision 020), under /api/admin. */
export const approvalRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json({ items: await listApprovals(c.var.db, c.req.valid('query').status) }, 200))
  .openapi(thresholdRoute, async (c) => c.json({ amount: await fourEyesThreshold(c.var.db) }, 200))
  .openapi(setThresholdRoute, async (c) => {
    const amount = await setFourEyesThreshold(c.var.db, signedInUserId(c.var.user), c.req.valid('json').amount);
    return c.json({ amount }, 200);
  })
  .openapi(approveRoute, async (c) =>
    c.json(await approveApproval(c.var, c.req.valid('param').id, signedInUserId(c.var.user)), 200),
  )
  .openapi(declineRoute, async (c) =>
    c.json(
      await declineApproval(c.var, c.req.valid('param').id, signedInUserId(c.var.user), c.req.valid('json').note),
      200,
    ),
  );
