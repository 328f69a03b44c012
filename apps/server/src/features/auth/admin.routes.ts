import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { requireAdmin } from './admin.guard.ts';
import { listUsers } from './admin-users.service.ts';

const userRowSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    userType: z.string(),
    agentStatus: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('AdminUser');

const listUsersRoute = createRoute({
  method: 'get',
  path: '/users',
  tags: ['admin'],
  summary: 'Users, newest first, searched by name, email or phone',
  middleware: [requireAdmin] as const,
  request: {
    query: z.object({
      q: z.string().trim().max(100).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.string().max(300).optional(),
    }),
  },
  responses: {
    200: {
      description: 'One page of users',
      content: {
        'application/json': { schema: z.object({ items: z.array(userRowSchema), nextCursor: z.string().nullable() }) },
      },
    },
    401: errorResponse('Not signed in'),
    403: errorResponse('Not an admin, or an admin without TOTP'),
  },
});

export const adminRoutes = createRouter().openapi(listUsersRoute, async (c) =>
  c.json(await listUsers(c.var.db, c.req.valid('query')), 200),
);
