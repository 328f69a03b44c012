import { uuidSchema } from '@ecogrid/core';
import {
  assignFollowUpSchema,
  followUpFiltersSchema,
  followUpOutcomeRequestSchema,
  followUpSchema,
} from '@ecogrid/core/follow-ups';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { body, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { requireAgent } from '#src/features/agents/agents.service.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { assignFollowUp } from './assign-follow-up.ts';
import { listFollowUps, recordFollowUpOutcome } from './follow-ups.ts';

const view = followUpSchema.openapi('LoanFollowUp');
const list = z.object({ items: z.array(view) });
const params = z.object({ id: uuidSchema('follow-up id') });
const notAgent = { 403: errorResponse('Not an approved agent') };
const outcomeResponses = {
  200: json(view, 'The follow-up with its outcome'),
  400: errorResponse('The outcome is not valid (a promise to pay needs a date and an amount above zero)'),
  404: errorResponse('No open follow-up of yours has this id'),
  409: errorResponse('The follow-up already has its outcome'),
  422: errorResponse('The promised date is in the past, or the amount is more than the loan owes'),
};

/** Following up past-due loans: agents their own, admins all of them. */
export const followUpRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentListFollowUps',
      path: '/agent/follow-ups',
      tags: ['agents', 'loans'],
      summary: 'Your open follow-ups of past-due loans, oldest first',
      responses: { 200: json(list, 'The follow-ups'), ...unauthenticated, ...notAgent },
    }),
    async (c) => {
      const agent = signedInUserId(c.var.user);
      await requireAgent(c.var.db, agent);
      return c.json({ items: await listFollowUps(c.var.db, { agent }) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentRecordFollowUpOutcome',
      path: '/agent/follow-ups/{id}/outcome',
      tags: ['agents', 'loans'],
      summary:
        'Record what came of one of your follow-ups; device_fault pauses a running loan not already paused for pauseDays (default 14), the customer told',
      request: { params, ...body(followUpOutcomeRequestSchema) },
      responses: { ...outcomeResponses, ...unauthenticated, ...notAgent },
    }),
    async (c) => {
      const actorId = signedInUserId(c.var.user);
      await requireAgent(c.var.db, actorId);
      const saved = await recordFollowUpOutcome(paymentDeps(c.var), {
        id: c.req.valid('param').id,
        actorId,
        asAdmin: false,
        outcome: c.req.valid('json'),
      });
      return c.json(saved, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('credit.read'),
      operationId: 'adminListFollowUps',
      path: '/admin/follow-ups',
      tags: ['admin', 'loans'],
      summary:
        "Follow-ups, oldest first: open (the default), promised or broken (status); all, one agent's (assignee) or those with none (assignee=none)",
      middleware: [requireStaff('credit.read')] as const,
      request: { query: followUpFiltersSchema },
      responses: { 200: json(list, 'The follow-ups'), 400: errorResponse('Not a valid filter'), ...ADMIN_DENIED },
    }),
    async (c) => c.json({ items: await listFollowUps(c.var.db, c.req.valid('query')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      ...staffRight('credit.change'),
      operationId: 'adminRecordFollowUpOutcome',
      path: '/admin/follow-ups/{id}/outcome',
      tags: ['admin', 'loans'],
      summary:
        'Record what came of any follow-up (audited); device_fault pauses a running loan not already paused for pauseDays (default 14), the customer told',
      middleware: [requireStaff('credit.change')] as const,
      request: { params, ...body(followUpOutcomeRequestSchema) },
      responses: { ...outcomeResponses, ...ADMIN_DENIED },
    }),
    async (c) => {
      const saved = await recordFollowUpOutcome(paymentDeps(c.var), {
        id: c.req.valid('param').id,
        actorId: signedInUserId(c.var.user),
        asAdmin: true,
        outcome: c.req.valid('json'),
      });
      return c.json(saved, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      ...staffRight('credit.change'),
      operationId: 'adminAssignFollowUp',
      path: '/admin/follow-ups/{id}/assign',
      tags: ['admin', 'loans'],
      summary: 'Hand an open follow-up to another approved agent, or to the admins with agentId null (audited)',
      middleware: [requireStaff('credit.change')] as const,
      request: { params, ...body(assignFollowUpSchema) },
      responses: {
        200: json(view, 'The follow-up with its new assignee'),
        400: errorResponse('Not a valid agent id'),
        404: errorResponse('No follow-up has this id'),
        409: errorResponse('The follow-up already has its outcome'),
        422: errorResponse('The agent is unknown, not approved or no longer active'),
        ...ADMIN_DENIED,
      },
    }),
    async (c) => {
      const saved = await assignFollowUp(paymentDeps(c.var), {
        id: c.req.valid('param').id,
        actorId: signedInUserId(c.var.user),
        agentId: c.req.valid('json').agentId,
      });
      return c.json(saved, 200);
    },
  );
