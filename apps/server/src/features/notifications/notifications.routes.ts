import { checkId } from '@ecogrid/core';
import { NOTIFICATION_LIST_LIMIT, NOTIFICATION_TYPES } from '@ecogrid/core/notifications';
import { createRoute, z } from '@hono/zod-openapi';
import { badRequest } from '#src/platform/errors.ts';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { unauthenticated } from '#src/platform/route-helpers.ts';
import { requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { listNotifications, markAllRead, markRead, sendNotification, unreadCount } from './notifications.service.ts';

export const notificationSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    data: z.record(z.string(), z.unknown()),
    isRead: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('Notification');

const listRoute = createRoute({
  method: 'get',
  operationId: 'listNotifications',
  path: '/notifications',
  tags: ['notifications'],
  summary: 'Your notifications, newest first (at most 50)',
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_LIMIT).default(NOTIFICATION_LIST_LIMIT),
    }),
  },
  responses: {
    200: {
      description: 'Notifications and the unread count',
      content: {
        'application/json': {
          schema: z.object({ items: z.array(notificationSchema), unread: z.number().int() }),
        },
      },
    },
    ...unauthenticated,
  },
});

const unreadRoute = createRoute({
  method: 'get',
  operationId: 'countUnreadNotifications',
  path: '/notifications/unread-count',
  tags: ['notifications'],
  summary: 'How many of your notifications are unread',
  responses: {
    200: {
      description: 'The count',
      content: { 'application/json': { schema: z.object({ unread: z.number().int() }) } },
    },
    ...unauthenticated,
  },
});

const markReadRoute = createRoute({
  method: 'post',
  operationId: 'markNotificationRead',
  path: '/notifications/{id}/read',
  tags: ['notifications'],
  summary: 'Mark one of your notifications read',
  request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }) },
  responses: {
    200: { description: 'The notification', content: { 'application/json': { schema: notificationSchema } } },
    400: errorResponse('Invalid notification id'),
    ...unauthenticated,
    404: errorResponse('Not one of your notifications'),
  },
});

const markAllRoute = createRoute({
  method: 'post',
  operationId: 'markAllNotificationsRead',
  path: '/notifications/read-all',
  tags: ['notifications'],
  summary: 'Mark all your unread notifications read',
  responses: {
    200: {
      description: 'How many changed',
      content: { 'application/json': { schema: z.object({ marked: z.number().int() }) } },
    },
    ...unauthenticated,
  },
});

const sendRoute = createRoute({
  method: 'post',
  ...staffRight('system.change'),
  operationId: 'adminSendNotification',
  path: '/admin/notifications',
  tags: ['admin', 'notifications'],
  summary: 'Send a notification to a user (spec send-notification; admins and internal use only)',
  middleware: [requireStaff('system.change')] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.strictObject({
            userId: z.uuid({ error: 'Invalid user ID. Please ensure you are properly authenticated.' }),
            type: z.enum(NOTIFICATION_TYPES),
            title: z.string().trim().min(1).max(120),
            message: z.string().trim().min(1).max(1_000),
            data: z.record(z.string(), z.unknown()).optional(),
            sms: z.boolean().optional().openapi({
              description:
                'Also text it (when the type and the user allow): only for what the person must act on. Default: inbox and email only',
            }),
          }),
        },
      },
    },
  },
  responses: {
    201: { description: 'The notification as stored', content: { 'application/json': { schema: notificationSchema } } },
    400: errorResponse('Invalid body'),
    ...unauthenticated,
    403: errorResponse('Not an admin, or an admin without an authenticator app'),
    404: errorResponse('No such user'),
  },
});

export const notificationRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const [items, unread] = await Promise.all([
      listNotifications(c.var.db, userId, c.req.valid('query').limit),
      unreadCount(c.var.db, userId),
    ]);
    return c.json({ items, unread }, 200);
  })
  .openapi(unreadRoute, async (c) => c.json({ unread: await unreadCount(c.var.db, signedInUserId(c.var.user)) }, 200))
  .openapi(markAllRoute, async (c) => c.json({ marked: await markAllRead(c.var.db, signedInUserId(c.var.user)) }, 200))
  .openapi(sendRoute, async (c) => c.json(await sendNotification(c.var.db, c.var, c.req.valid('json')), 201))
  .openapi(markReadRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const checked = checkId(c.req.valid('param').id, 'notification ID');
    if (!checked.ok) throw badRequest(checked.message);
    return c.json(await markRead(c.var.db, userId, checked.id), 200);
  });
