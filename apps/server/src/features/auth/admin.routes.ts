import { checkId } from '@ecogrid/core';
import { OUTBOX_DELIVERIES } from '@ecogrid/core/outbox';
import { pageSchema } from '@ecogrid/core/page';
import { adminUserSchema, authAttemptSchema, securityEventSchema } from '@ecogrid/core/users';
import { STAFF_ROLES } from '@ecogrid/core/staff-roles';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { badRequest } from '#src/platform/errors.ts';
import { createRouter, errorResponse, type AppEnv } from '#src/platform/http.ts';
import { listOutboxMessages } from '#src/platform/outbox.ts';
import { ADMIN_DENIED, requireAdmin, requireStaff, staffRight } from './roles.service.ts';
import {
  approveAgent,
  changeRole,
  listAuthAttempts,
  listSecurityEvents,
  listUsers,
  resetMfa,
  setActive,
  setStaffRole,
} from './admin-users.service.ts';

const userRowSchema = adminUserSchema.openapi('AdminUser');

const paging = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(300).optional(),
};
const userParams = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const changed = {
  200: { description: 'The account after the change', content: { 'application/json': { schema: userRowSchema } } },
  400: errorResponse('Invalid id or body'),
  ...ADMIN_DENIED,
  404: errorResponse('No such user'),
  409: errorResponse('An admin changing their own account, or an agent code already in use'),
};

/** The acting admin and the checked target id ('Invalid user ID. …' for a malformed one). */
function actorAndTarget(c: Context<AppEnv>, rawId: string) {
  const checked = checkId(rawId, 'user ID');
  if (!checked.ok) throw badRequest(checked.message);
  return { actorId: c.var.user!.id, targetId: checked.id };
}

const listUsersRoute = createRoute({
  method: 'get',
  ...staffRight('customers.read'),
  operationId: 'adminListUsers',
  path: '/users',
  tags: ['admin'],
  summary: 'Users, newest first, searched by name, email, phone or agent code',
  middleware: [requireStaff('customers.read')] as const,
  request: { query: z.object({ q: z.string().trim().max(100).optional(), ...paging }) },
  responses: {
    200: { description: 'One page of users', content: { 'application/json': { schema: pageSchema(userRowSchema) } } },
    ...ADMIN_DENIED,
  },
});

const changeRoleRoute = createRoute({
  method: 'patch',
  ...staffRight('staff.manage'),
  operationId: 'adminSetUserRole',
  path: '/users/{id}/role',
  tags: ['admin'],
  summary: 'Make a user a customer, an agent (applicant until approved) or an admin',
  middleware: [requireStaff('staff.manage')] as const,
  request: {
    params: userParams,
    body: {
      content: {
        'application/json': {
          schema: z.strictObject({ userType: z.enum(['customer', 'agent', 'admin']) }),
        },
      },
    },
  },
  responses: changed,
});

const staffRoleRoute = createRoute({
  method: 'patch',
  ...staffRight('staff.manage'),
  operationId: 'adminSetStaffRole',
  path: '/users/{id}/staff-role',
  tags: ['admin'],
  summary: 'Give a staff member a role: what they may do (decision 020); the security log keeps the old and the new',
  middleware: [requireAdmin] as const,
  request: {
    params: userParams,
    body: { content: { 'application/json': { schema: z.strictObject({ staffRole: z.enum(STAFF_ROLES) }) } } },
  },
  responses: { ...changed, 422: errorResponse('The account is not staff') },
});

const approveAgentRoute = createRoute({
  method: 'post',
  ...staffRight('agents.change'),
  operationId: 'adminApproveAgent',
  path: '/users/{id}/approve-agent',
  tags: ['admin'],
  summary: 'Approve an agent with their agent code and commission rate (basis points: 250 is 2.5%)',
  middleware: [requireStaff('agents.change')] as const,
  request: {
    params: userParams,
    body: {
      content: {
        'application/json': {
          schema: z.strictObject({
            agentCode: z
              .string()
              .trim()
              .toUpperCase()
              .regex(/^[A-Z0-9-]{3,20}$/, { error: 'Agent codes are 3 to 20 letters, digits or dashes.' }),
            commissionRateBp: z
              .number()
              .int({ error: 'The commission rate is a whole number of basis points.' })
              .min(0)
              .max(10_000, { error: 'The commission rate is at most 10000 basis points (100%).' }),
          }),
        },
      },
    },
  },
  responses: { ...changed, 422: errorResponse('The account is not an agent') },
});

const simpleAction = (path: string, summary: string) =>
  createRoute({
    method: 'post',
    ...staffRight('customers.change'),
    operationId: `admin${path.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase())}User`,
    path: `/users/{id}/${path}`,
    tags: ['admin'],
    summary,
    middleware: [requireStaff('customers.change')] as const,
    request: { params: userParams },
    responses: changed,
  });

const deactivateRoute = simpleAction('deactivate', 'Deactivate an account and end all its sessions');
const reactivateRoute = simpleAction('reactivate', 'Let a deactivated account sign in again');
const resetMfaRoute = simpleAction('reset-mfa', 'Switch off a lost second factor and end the sessions');

const securityEventView = securityEventSchema.openapi('SecurityEvent');

const securityEventsRoute = createRoute({
  method: 'get',
  ...staffRight('audit.read'),
  operationId: 'adminListSecurityEvents',
  path: '/security-events',
  tags: ['admin'],
  summary: 'The security log, newest first',
  middleware: [requireStaff('audit.read')] as const,
  request: {
    query: z.object({
      type: z.string().trim().max(60).optional(),
      userId: z.uuid({ error: 'Invalid user ID. Please ensure you are properly authenticated.' }).optional(),
      ...paging,
    }),
  },
  responses: {
    200: {
      description: 'One page of events',
      content: { 'application/json': { schema: pageSchema(securityEventView) } },
    },
    400: errorResponse('Invalid filter or cursor'),
    ...ADMIN_DENIED,
  },
});

const authAttemptView = authAttemptSchema.openapi('AuthAttempt');

const authAttemptsRoute = createRoute({
  method: 'get',
  ...staffRight('audit.read'),
  operationId: 'adminListAuthAttempts',
  path: '/auth-attempts',
  tags: ['admin'],
  summary: 'Sign-in attempts, newest first',
  middleware: [requireStaff('audit.read')] as const,
  request: {
    query: z.object({ failed: z.enum(['true', 'false']).optional(), ...paging }),
  },
  responses: {
    200: {
      description: 'One page of attempts',
      content: { 'application/json': { schema: pageSchema(authAttemptView) } },
    },
    400: errorResponse('Invalid cursor'),
    ...ADMIN_DENIED,
  },
});

const outboxSchema = z
  .object({
    id: z.string(),
    channel: z.enum(['email', 'sms']),
    recipient: z.string(),
    subject: z.string().nullable(),
    body: z.string().nullable().describe('The text, only while kept for lack of a provider'),
    status: z
      .enum(['queued', 'stored', 'sent', 'failed'])
      .describe('queued: waiting for (another) attempt; stored: no provider configured; failed: every retry failed'),
    provider: z.string().nullable(),
    error: z.string().nullable().describe('Why the last attempt failed'),
    attempts: z.number().int(),
    expiresAt: z.string().nullable().describe('When the code or link in it stops working; not sent after that'),
    purpose: z.enum(['code', 'token', 'receipt', 'reminder', 'other']),
    delivery: z
      .enum(OUTBOX_DELIVERIES)
      .nullable()
      .describe("The network's last delivery report on an SMS the provider took; null before any"),
    deliveryReason: z.string().nullable().describe("Why it was not delivered (Africa's Talking's failureReason)"),
    reportedAt: z.string().nullable().describe('When the last delivery report came'),
    retryOf: z.string().nullable().describe('The message this one sends again (a retry or a resend)'),
    resendable: z.boolean().describe('Whether POST /api/admin/outbox/{id}/resend can send it again'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('OutboxMessage');

const outboxRoute = createRoute({
  method: 'get',
  ...staffRight('system.read'),
  operationId: 'adminListOutbox',
  path: '/outbox',
  tags: ['admin'],
  summary: 'Mail and SMS: queued, kept (no provider configured), sent or failed, newest first',
  middleware: [requireStaff('system.read')] as const,
  request: {
    query: z.object({
      channel: z.enum(['email', 'sms']).optional(),
      recipient: z.string().trim().max(200).optional(),
      delivery: z.enum(OUTBOX_DELIVERIES).optional(),
      ...paging,
    }),
  },
  responses: {
    200: { description: 'One page of messages', content: { 'application/json': { schema: pageSchema(outboxSchema) } } },
    400: errorResponse('Invalid filter or cursor'),
    ...ADMIN_DENIED,
  },
});

export const adminRoutes = createRouter()
  .openapi(listUsersRoute, async (c) => c.json(await listUsers(c.var.db, c.req.valid('query')), 200))
  .openapi(changeRoleRoute, async (c) => {
    const { actorId, targetId } = actorAndTarget(c, c.req.valid('param').id);
    return c.json(await changeRole(c.var.db, actorId, targetId, c.req.valid('json').userType), 200);
  })
  .openapi(staffRoleRoute, async (c) => {
    const { actorId, targetId } = actorAndTarget(c, c.req.valid('param').id);
    return c.json(await setStaffRole(c.var.db, actorId, targetId, c.req.valid('json').staffRole), 200);
  })
  .openapi(approveAgentRoute, async (c) => {
    const { actorId, targetId } = actorAndTarget(c, c.req.valid('param').id);
    return c.json(await approveAgent(c.var.db, actorId, targetId, c.req.valid('json')), 200);
  })
  .openapi(deactivateRoute, async (c) => {
    const { actorId, targetId } = actorAndTarget(c, c.req.valid('param').id);
    return c.json(await setActive(c.var.db, actorId, targetId, false), 200);
  })
  .openapi(reactivateRoute, async (c) => {
    const { actorId, targetId } = actorAndTarget(c, c.req.valid('param').id);
    return c.json(await setActive(c.var.db, actorId, targetId, true), 200);
  })
  .openapi(resetMfaRoute, async (c) => {
    const { actorId, targetId } = actorAndTarget(c, c.req.valid('param').id);
    return c.json(await resetMfa(c.var.db, actorId, targetId), 200);
  })
  .openapi(securityEventsRoute, async (c) => c.json(await listSecurityEvents(c.var.db, c.req.valid('query')), 200))
  .openapi(authAttemptsRoute, async (c) => {
    const { failed, ...query } = c.req.valid('query');
    return c.json(await listAuthAttempts(c.var.db, { ...query, failedOnly: failed === 'true' }), 200);
  })
  .openapi(outboxRoute, async (c) => c.json(await listOutboxMessages(c.var.db, c.req.valid('query')), 200));
