import { systemLogItemSchema, systemLogQuerySchema } from '@ecogrid/core/audit';
import { pageSchema } from '@ecogrid/core/page';
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { csv, csvHeaders, json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { systemLogCsv, systemLogPage } from './system-log.ts';

const csvQuery = systemLogQuerySchema.omit({ limit: true, cursor: true });
const refused = {
  400: errorResponse('A filter or cursor is not valid'),
  ...ADMIN_DENIED,
  422: errorResponse('The days are not a range of at most a year, or only one of them is given'),
};

/** The system log: every admin action and every money movement, under /api/admin. */
export const systemLogRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('audit.read'),
      operationId: 'adminSystemLog',
      path: '/admin/system-log',
      tags: ['admin'],
      summary:
        'Every admin action and every money movement in one log, newest first: who (named), what, which record, old → new, when, from where',
      middleware: [requireStaff('audit.read')] as const,
      request: { query: systemLogQuerySchema },
      responses: { 200: json(pageSchema(systemLogItemSchema).openapi('SystemLogPage'), 'One page'), ...refused },
    }),
    async (c) => c.json(await systemLogPage(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('audit.read'),
      operationId: 'adminSystemLogCsv',
      path: '/admin/system-log.csv',
      tags: ['admin'],
      summary: 'The system log under the same filters as CSV (streamed), newest first',
      middleware: [requireStaff('audit.read')] as const,
      request: { query: csvQuery },
      responses: { 200: csv('The log, newest first'), ...refused },
    }),
    async (c) => {
      const query = c.req.valid('query');
      // A bad range is refused before the file starts, not in the middle of it.
      await systemLogPage(c.var.reader, { ...query, limit: 1 });
      return c.body(systemLogCsv(c.var.reader, query), 200, csvHeaders('EcoGrid-system-log.csv'));
    },
  );
