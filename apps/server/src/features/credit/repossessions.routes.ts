import { uuidSchema } from '@ecogrid/core';
import { pageSchema } from '@ecogrid/core/page';
import {
  repossessionAttemptSchema,
  repossessionPageQuerySchema,
  repossessionSchema,
  startRepossessionSchema,
} from '@ecogrid/core/repossessions';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { body, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { restockDevice } from '#src/features/loans/loans.service.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import {
  agentRepossessions,
  loanRepossessions,
  openRepossessions,
  recordAttempt,
  startRepossession,
} from './repossessions.ts';

const view = repossessionSchema.openapi('Repossession');
const loanParams = z.object({ id: uuidSchema('loan id') });
const idParams = z.object({ id: uuidSchema('repossession id') });
const notAgent = { 403: errorResponse('Not an approved agent') };

/** Repossessions: admins start them and put units back in stock; agents attempt them. Under /api. */
export const repossessionRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      ...staffRight('credit.change'),
      operationId: 'adminStartRepossession',
      path: '/admin/loans/{id}/repossessions',
      tags: ['admin', 'loans'],
      summary:
        "Start taking back a defaulted loan's unit, for the agent named or else the agent who sold it (audited, the agent is told)",
      middleware: [requireStaff('credit.change')] as const,
      request: { params: loanParams, ...body(startRepossessionSchema) },
      responses: {
        201: json(view, 'The repossession'),
        400: errorResponse('No reason'),
        403: errorResponse('Not an admin, or the agent named is not an approved agent'),
        404: errorResponse('No such loan'),
        409: errorResponse('The loan is not defaulted, or a repossession is already under way'),
        401: ADMIN_DENIED[401],
      },
    }),
    async (c) => {
      const actorId = signedInUserId(c.var.user);
      const { reason, agentId } = c.req.valid('json');
      const made = await startRepossession(paymentDeps(c.var), {
        loanId: c.req.valid('param').id,
        reason,
        agentId,
        actorId,
      });
      return c.json(made, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('credit.read'),
      operationId: 'adminListLoanRepossessions',
      path: '/admin/loans/{id}/repossessions',
      tags: ['admin', 'loans'],
      summary: "A loan's repossessions, each attempt with its outcome, newest first",
      middleware: [requireStaff('credit.read')] as const,
      request: { params: loanParams },
      responses: { 200: json(z.object({ repossessions: z.array(view) }), 'The attempts'), ...ADMIN_DENIED },
    }),
    async (c) => c.json({ repossessions: await loanRepossessions(c.var.db, c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('credit.read'),
      operationId: 'adminListRepossessions',
      path: '/admin/repossessions',
      tags: ['admin', 'loans'],
      summary: 'Repossessions under way (an attempt still to make), newest first, a page at a time',
      middleware: [requireStaff('credit.read')] as const,
      request: { query: repossessionPageQuerySchema },
      responses: {
        200: json(pageSchema(view).openapi('RepossessionPage'), 'One page of repossessions'),
        400: errorResponse('Not a valid limit or cursor'),
        ...ADMIN_DENIED,
      },
    }),
    async (c) => c.json(await openRepossessions(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      ...staffRight('credit.change'),
      operationId: 'adminRestockDevice',
      path: '/admin/devices/{id}/restock',
      tags: ['admin', 'loans'],
      summary: 'Put a unit back from a customer (returned or refurbished) in stock',
      middleware: [requireStaff('credit.change')] as const,
      request: { params: z.object({ id: uuidSchema('device id') }) },
      responses: {
        200: json(z.object({ status: z.literal('in_stock') }), 'In stock'),
        404: errorResponse('No such device'),
        409: errorResponse('The unit is not back from a customer'),
        ...ADMIN_DENIED,
      },
    }),
    async (c) => {
      await c.var.db.transaction((tx) => restockDevice(tx, c.req.valid('param').id));
      return c.json({ status: 'in_stock' as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentListRepossessions',
      path: '/agent/repossessions',
      tags: ['agents'],
      summary: 'The units you are asked to take back, newest first',
      responses: {
        200: json(z.object({ repossessions: z.array(view) }), 'Your repossessions'),
        ...unauthenticated,
        ...notAgent,
      },
    }),
    async (c) => {
      const agentId = signedInUserId(c.var.user);
      return c.json({ repossessions: await agentRepossessions(c.var.db, agentId) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentRecordRepossessionAttempt',
      path: '/agent/repossessions/{id}/attempts',
      tags: ['agents'],
      summary:
        'Record an attempt: recovered with the unit condition (the loan closes as repossessed) or failed with the reason (a new attempt opens)',
      request: { params: idParams, ...body(repossessionAttemptSchema) },
      responses: {
        200: json(view, 'The attempt recorded'),
        400: errorResponse('No outcome, condition or reason'),
        ...unauthenticated,
        ...notAgent,
        404: errorResponse('No repossession of yours has this id'),
        409: errorResponse('This attempt is already recorded, or the loan is no longer defaulted'),
      },
    }),
    async (c) => {
      const agentId = signedInUserId(c.var.user);
      const done = await recordAttempt(paymentDeps(c.var), {
        id: c.req.valid('param').id,
        agentId,
        attempt: c.req.valid('json'),
      });
      return c.json(done, 200);
    },
  );
