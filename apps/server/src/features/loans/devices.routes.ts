import { uuidSchema } from '@ecogrid/core';
import {
  DEVICE_STATUSES,
  deviceProductSchema,
  deviceSchema,
  deviceTokenSchema,
  issuedTokenSchema,
} from '@ecogrid/core/devices';
import { OPENPAYGO_TOKEN_TYPES } from '@ecogrid/core/openpaygo';
import { pageSchema } from '@ecogrid/core/page';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { badRequest } from '#src/platform/errors.ts';
import { createRouter, errorResponse, uploadLimit, type AppEnv } from '#src/platform/http.ts';
import { deviceKeyBox } from '#src/platform/secret-box.ts';
import { actorOf, json } from '#src/platform/route-helpers.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { ADMIN_DENIED, requireStaffByMethod, staffRight } from '#src/features/auth/roles.service.ts';
import {
  DEVICE_FILE_COLUMNS,
  deviceProducts,
  deviceTokenHistory,
  importDevices,
  issueToken,
  listDevices,
} from './devices.service.ts';

const tags = ['admin', 'devices'];
const boxOf = (c: Context<AppEnv>) => deviceKeyBox(c.var.authSecret);
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const device = deviceSchema.openapi('Device');
const deviceParams = z.object({ id: uuidSchema('device id') });

/** The device registry (/api/admin/devices): admins with an authenticator app only. */
export const deviceRoutes = createRouter();
deviceRoutes.use('*', requireStaffByMethod('credit.read', 'credit.change'));
deviceRoutes.use('*', async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
});
deviceRoutes
  .openapi(
    createRoute({
      method: 'post',
      ...staffRight('credit.change'),
      operationId: 'adminImportDevices',
      path: '/import',
      tags,
      summary: `Import devices from a CSV file (columns ${DEVICE_FILE_COLUMNS.join(', ')}; the last three optional; product_sku is the SKU of the product each unit is; headers in any usual spelling, such as "Serial Number" or "SKU"): all or nothing, every bad line reported by number (error.problems), keys encrypted at rest, audited`,
      middleware: [uploadLimit(MAX_FILE_BYTES, 'The file is larger than 2 MB. Split it into smaller files.')] as const,
      request: { body: { required: true, content: { 'text/csv': { schema: z.string() } } } },
      responses: {
        201: json(z.object({ imported: z.number().int() }), 'How many devices were added'),
        400: errorResponse('Not CSV, or empty'),
        ...ADMIN_DENIED,
        413: errorResponse('Larger than 2 MB'),
        422: errorResponse('Every problem by line (error.problems): nothing was imported'),
      },
    }),
    async (c) => {
      if (!(c.req.header('content-type') ?? '').startsWith('text/csv')) {
        throw badRequest('Send the file as text/csv.');
      }
      return c.json(await importDevices(c.var.db, boxOf(c), await c.req.text(), actorOf(c)), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('credit.read'),
      operationId: 'adminListDevices',
      path: '/',
      tags,
      summary:
        'Devices by serial number, a page at a time, each with its product; by the start of a serial number, by status and by product',
      request: {
        query: z.object({
          after: z.string().max(40).optional(),
          serial: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9-]{1,40}$/, 'A serial number is letters, digits and dashes.')
            .optional(),
          status: z.enum(DEVICE_STATUSES).optional(),
          productId: uuidSchema('product id').optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
      },
      responses: {
        200: json(pageSchema(device), 'One page'),
        400: errorResponse('A bad filter'),
        ...ADMIN_DENIED,
      },
    }),
    async (c) => c.json(await listDevices(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('credit.read'),
      operationId: 'adminListDeviceProducts',
      path: '/products',
      tags,
      summary: 'The products devices are registered for, by name, with their units and units in stock',
      responses: {
        200: json(z.object({ items: z.array(deviceProductSchema) }), 'The products'),
        ...ADMIN_DENIED,
      },
    }),
    async (c) => c.json({ items: await deviceProducts(c.var.db) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      ...staffRight('credit.read'),
      operationId: 'adminListDeviceTokens',
      path: '/{id}/tokens',
      tags,
      summary: 'The tokens issued to a device, by count',
      request: { params: deviceParams },
      responses: {
        200: json(z.object({ items: z.array(deviceTokenSchema) }), 'The tokens'),
        ...ADMIN_DENIED,
      },
    }),
    async (c) => {
      const rows = await deviceTokenHistory(c.var.db, c.req.valid('param').id);
      return c.json({ items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      ...staffRight('credit.change'),
      operationId: 'adminIssueDeviceToken',
      path: '/{id}/tokens',
      tags,
      summary:
        'Issue a token by hand (support: a counter sync, or days given as goodwill), with a reason; the Idempotency-Key makes a retry return the same token; audited',
      request: {
        params: deviceParams,
        body: {
          required: true,
          content: {
            'application/json': {
              schema: z.strictObject({
                type: z.enum(OPENPAYGO_TOKEN_TYPES),
                days: z.number().int().min(0).max(995).optional(),
                reason: z.string().trim().min(5, 'Give a reason of at least 5 characters').max(300),
              }),
            },
          },
        },
      },
      responses: {
        201: json(issuedTokenSchema, 'The token, and the count it moves the device to'),
        400: errorResponse('Bad body, or no Idempotency-Key'),
        ...ADMIN_DENIED,
        404: errorResponse('No such device'),
        409: errorResponse('The device is unlocked for good'),
        422: errorResponse('Days missing, or given for a type that takes none'),
      },
    }),
    async (c) => {
      const key = c.req.header('idempotency-key');
      if (!key || !/^[A-Za-z0-9_-]{8,100}$/.test(key))
        throw badRequest('Send an Idempotency-Key header (8 to 100 letters, digits, - or _).');
      const body = c.req.valid('json');
      const actor = actorOf(c);
      const deviceId = c.req.valid('param').id;
      const issued = await c.var.db.transaction(async (tx) => {
        const made = await issueToken(tx, boxOf(c), deviceId, {
          type: body.type,
          days: body.days,
          reference: `admin:${key}`,
          issuedBy: actor.id,
        });
        if (made.replayed) return made;
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'device.issue_token',
          entityType: 'device',
          entityId: deviceId,
          reason: body.reason,
          details: { type: made.type, days: made.days, count: made.count },
          ipAddress: actor.ip,
          userAgent: actor.userAgent,
        });
        return made;
      });
      const { replayed, ...answer } = issued;
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(answer, 201);
    },
  );
