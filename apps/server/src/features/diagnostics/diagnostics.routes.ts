import { diagnosticRunQuerySchema, diagnosticRunSchema, diagnosticRunSummarySchema } from '@ecogrid/core/diagnostics';
import { pageSchema } from '@ecogrid/core/page';
import { createRoute, z } from '@hono/zod-openapi';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { notFound } from '#src/platform/errors.ts';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';
import { getRun, listRuns } from './diagnostics.service.ts';

const run = diagnosticRunSchema.openapi('DiagnosticRun');
const summary = diagnosticRunSummarySchema.openapi('DiagnosticRunSummary');

const startRoute = createRoute({
  method: 'post',
  operationId: 'adminRunDiagnostics',
  path: '/diagnostics/runs',
  tags: ['admin', 'diagnostics'],
  summary:
    'Run every system check now (database, job queue, email, SMS, mobile money, files, ledger, clock, disk, version) and answer the run',
  ...staffRight('system.change'),
  middleware: [requireStaff('system.change')] as const,
  responses: {
    201: json(run, 'The run, with what each check found'),
    ...ADMIN_DENIED,
  },
});

const listRoute = createRoute({
  method: 'get',
  operationId: 'adminListDiagnosticRuns',
  path: '/diagnostics/runs',
  tags: ['admin', 'diagnostics'],
  summary: 'Earlier runs of the system checks, newest first, a page at a time',
  ...staffRight('system.read'),
  middleware: [requireStaff('system.read')] as const,
  request: { query: diagnosticRunQuerySchema },
  responses: {
    200: json(pageSchema(summary).openapi('DiagnosticRunPage'), 'A page of runs'),
    400: errorResponse('Invalid limit or cursor'),
    ...ADMIN_DENIED,
  },
});

const getRoute = createRoute({
  method: 'get',
  operationId: 'adminGetDiagnosticRun',
  path: '/diagnostics/runs/{id}',
  tags: ['admin', 'diagnostics'],
  summary: 'One run of the system checks, with what each check found',
  ...staffRight('system.read'),
  middleware: [requireStaff('system.read')] as const,
  request: { params: z.object({ id: z.uuid({ error: 'Invalid run ID' }) }) },
  responses: {
    200: json(run, 'The run'),
    400: errorResponse('Invalid run id'),
    ...ADMIN_DENIED,
    404: errorResponse('No run has this id'),
  },
});

export const diagnosticsRoutes = createRouter()
  .openapi(startRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.var.diagnostics.runFor(signedInUserId(c.var.user)), 201);
  })
  .openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listRuns(c.var.db, c.req.valid('query')), 200);
  })
  .openapi(getRoute, async (c) => {
    const found = await getRun(c.var.db, c.req.valid('param').id);
    if (!found) throw notFound('No system check run has this id.');
    c.header('Cache-Control', 'no-store');
    return c.json(found, 200);
  });
