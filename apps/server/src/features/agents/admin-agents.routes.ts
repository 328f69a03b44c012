import { checkId } from '@ecogrid/core';
import {
  adminAgentDetailSchema,
  adminAgentPageSchema,
  AGENT_STATUSES,
  agentStatementPageSchema,
  agentSettingsSchema,
  agentTargetRequestSchema,
  handoverPageSchema,
} from '@ecogrid/core/agent-admin';
import { agentTargetSchema, handoverRequestSchema, handoverSchema } from '@ecogrid/core/agent-money';
import { createRoute, z } from '@hono/zod-openapi';
import { badRequest } from '#src/platform/errors.ts';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, idempotencyKeyHeader, json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import {
  agentDetail,
  agentHandovers,
  agentStatement,
  changeAgentSettings,
  listAgents,
  setAgentTarget,
} from './admin-agents.ts';
import { recordHandover } from './handovers.ts';

const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const monthParam = idParam.extend({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month is YYYY-MM')
    .openapi({ param: { name: 'month', in: 'path' } }),
});
const agentId = (raw: string) => {
  const checked = checkId(raw, 'agent ID');
  if (!checked.ok) throw badRequest(checked.message);
  return checked.id;
};
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});
const detail = adminAgentDetailSchema.openapi('AdminAgentDetail');
const noAgent = { 404: errorResponse('No agent has this id') };

const handoverPage = handoverPageSchema.openapi('HandoverPage');
const statementPage = agentStatementPageSchema.openapi('AgentStatementPage');

/** GET /agents/{id}/<records>: one of an agent's records, newest first, a page at a time. */
const recordsRoute = <S extends typeof handoverPage | typeof statementPage>(
  records: 'handovers' | 'statement',
  operationId: string,
  what: string,
  page: S,
) =>
  createRoute({
    method: 'get',
    ...staffRight('agents.read'),
    operationId,
    path: `/agents/{id}/${records}`,
    tags: ['admin', 'agents'],
    summary: `${what}, newest first, a page at a time`,
    middleware: [requireStaff('agents.read')] as const,
    request: { params: idParam, query: pageQuery },
    responses: {
      200: json(page, `A page of ${records}`),
      400: errorResponse('Invalid id, limit or cursor'),
      ...ADMIN_DENIED,
      ...noAgent,
    },
  });

/** The admins' agents API (/api/admin/agents): the list, one agent, settings, targets and handovers. */
export const adminAgentRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('agents.read'),
      operationId: 'adminListAgents',
      path: '/agents',
      tags: ['admin', 'agents'],
      summary:
        "Applicants and agents, newest first, with this month's figures, cash on hand and their customers' PAR30",
      middleware: [requireStaff('agents.read')] as const,
      request: {
        query: pageQuery.extend({
          status: z.enum(AGENT_STATUSES).optional(),
          q: z.string().trim().min(1).max(100).optional(),
        }),
      },
      responses: {
        200: json(adminAgentPageSchema.openapi('AdminAgentPage'), 'A page of agents'),
        400: errorResponse('Bad filter or cursor'),
        ...ADMIN_DENIED,
      },
    }),
    async (c) => {
      const { status, q, limit, cursor } = c.req.valid('query');
      return c.json(await listAgents(c.var.db, { status, q }, { limit, cursor }), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('agents.read'),
      operationId: 'adminGetAgent',
      path: '/agents/{id}',
      tags: ['admin', 'agents'],
      summary: 'An agent with their month targets',
      middleware: [requireStaff('agents.read')] as const,
      request: { params: idParam },
      responses: { 200: json(detail, 'The agent'), 400: errorResponse('Invalid id'), ...ADMIN_DENIED, ...noAgent },
    }),
    async (c) => c.json(await agentDetail(c.var.db, agentId(c.req.valid('param').id)), 200),
  )
  .openapi(
    recordsRoute('handovers', 'adminListAgentHandovers', 'The cash an agent handed over', handoverPage),
    async (c) => {
      const id = agentId(c.req.valid('param').id);
      return c.json(await agentHandovers(c.var.db, id, c.req.valid('query')), 200);
    },
  )
  .openapi(
    recordsRoute(
      'statement',
      'adminGetAgentStatement',
      "An agent's wallet statement (commission, reversals, withdrawals)",
      statementPage,
    ),
    async (c) => {
      const id = agentId(c.req.valid('param').id);
      return c.json(await agentStatement(c.var.db, id, c.req.valid('query')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      ...staffRight('agents.change'),
      operationId: 'adminChangeAgent',
      path: '/agents/{id}',
      tags: ['admin', 'agents'],
      summary: 'Change an agent’s commission rate, districts, cash limit or active state; audited old → new',
      middleware: [requireStaff('agents.change')] as const,
      request: { params: idParam, ...body(agentSettingsSchema.openapi('AgentSettings')) },
      responses: {
        200: json(detail, 'The agent after the change'),
        400: errorResponse('Invalid id or settings'),
        ...ADMIN_DENIED,
        ...noAgent,
        409: errorResponse('An admin changing their own account'),
      },
    }),
    async (c) => {
      const id = agentId(c.req.valid('param').id);
      return c.json(await changeAgentSettings(c.var.db, c.var.user!.id, id, c.req.valid('json')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      ...staffRight('agents.change'),
      operationId: 'adminSetAgentTarget',
      path: '/agents/{id}/targets/{month}',
      tags: ['admin', 'agents'],
      summary: "Set an agent's sales and collections targets for a month (YYYY-MM); audited",
      middleware: [requireStaff('agents.change')] as const,
      request: { params: monthParam, ...body(agentTargetRequestSchema.openapi('AgentTargetRequest')) },
      responses: {
        200: json(agentTargetSchema.openapi('AgentTarget'), 'The target'),
        400: errorResponse('Invalid id, month or amounts'),
        ...ADMIN_DENIED,
        ...noAgent,
        422: errorResponse('Not an approved agent'),
      },
    }),
    async (c) => {
      const { id, month } = c.req.valid('param');
      return c.json(await setAgentTarget(c.var.db, c.var.user!.id, agentId(id), month, c.req.valid('json')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      ...staffRight('agents.change'),
      operationId: 'adminRecordHandover',
      path: '/agents/{id}/handovers',
      tags: ['admin', 'agents'],
      summary: 'Record cash an agent handed over (in cash or by bank deposit with its reference); audited',
      middleware: [requireStaff('agents.change'), requireIdempotencyKey] as const,
      request: {
        params: idParam,
        headers: idempotencyKeyHeader,
        ...body(handoverRequestSchema.openapi('HandoverRequest')),
      },
      responses: {
        201: json(handoverSchema.openapi('Handover'), 'Recorded'),
        400: errorResponse('Invalid id or body, or no Idempotency-Key'),
        ...ADMIN_DENIED,
        ...noAgent,
        ...IDEMPOTENCY_RESPONSES,
        422: errorResponse('More than the agent holds, or the Idempotency-Key used for another request'),
      },
    }),
    async (c) => {
      const handover = await recordHandover(c.var.db, {
        agentId: agentId(c.req.valid('param').id),
        adminId: c.var.user!.id,
        key: c.var.idempotency!.key,
        request: c.req.valid('json'),
      });
      return c.json(handover, 201);
    },
  );
