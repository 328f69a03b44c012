import { categorySlugSchema } from '@ecogrid/core';
import {
  adminProductSchema,
  productCreateSchema,
  productDetailSchema,
  productUpdateSchema,
  stockAdjustedSchema,
  stockAdjustmentSchema,
  stockMovementSchema,
} from '@ecogrid/core/catalog-admin';
import { pageSchema } from '@ecogrid/core/page';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ADMIN_DENIED, staffRight } from '#src/features/auth/roles.service.ts';
import { createRouter, errorResponse, type AppEnv } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import type { Actor } from './admin-common.ts';
import { createProduct, listProductsForAdmin, setProductActive, updateProduct } from './admin-products.ts';
import { adjustStock, listStockMovements, MOVEMENTS_PAGE, productDetailForAdmin } from './admin-stock.ts';

export const productIdParam = z.object({
  id: z
    .uuid({ error: 'Invalid product id: it must be a UUID such as 0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b' })
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const actorOf = (c: Context<AppEnv>): Actor => ({
  adminId: c.var.user!.id,
  ipAddress: c.var.clientIp,
  userAgent: c.req.header('user-agent') ?? null,
});

const tags = ['admin', 'catalog'];

const listRoute = createRoute({
  method: 'get',
  ...staffRight('catalog.read'),
  operationId: 'adminListProducts',
  path: '/products',
  tags,
  summary: 'Every product, inactive ones too, newest first; search by name or SKU, filter by category and state',
  request: {
    query: z.object({
      q: z.string().trim().max(100, 'Search text is limited to 100 characters').optional(),
      category: categorySlugSchema.optional(),
      active: z.enum(['true', 'false'], { error: 'active must be true or false' }).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(25),
      cursor: z.string().max(300).optional(),
    }),
  },
  responses: {
    200: json(pageSchema(adminProductSchema), 'One page'),
    400: errorResponse('Bad filter or cursor'),
    ...ADMIN_DENIED,
  },
});

const detailRoute = createRoute({
  method: 'get',
  ...staffRight('catalog.read'),
  operationId: 'adminGetProduct',
  path: '/products/{id}',
  tags,
  summary: 'One product with its newest stock movements and its audit entries (newest first)',
  request: { params: productIdParam },
  responses: {
    200: json(productDetailSchema, 'The product and its history'),
    400: errorResponse('Invalid id'),
    ...ADMIN_DENIED,
    404: errorResponse('No such product'),
  },
});

const movementsRoute = createRoute({
  method: 'get',
  ...staffRight('catalog.read'),
  operationId: 'adminListStockMovements',
  path: '/products/{id}/stock-movements',
  tags,
  summary: "A product's stock movements, newest first, a page at a time",
  request: {
    params: productIdParam,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(MOVEMENTS_PAGE),
      cursor: z.string().max(30).optional(),
    }),
  },
  responses: {
    200: json(pageSchema(stockMovementSchema), 'One page'),
    400: errorResponse('Bad id or cursor'),
    ...ADMIN_DENIED,
  },
});

const createProductRoute = createRoute({
  method: 'post',
  ...staffRight('catalog.change'),
  operationId: 'adminCreateProduct',
  path: '/products',
  tags,
  summary: 'A new product; its opening stock is recorded as its first stock movement (audited)',
  middleware: [requireIdempotencyKey] as const,
  request: body(productCreateSchema),
  responses: {
    201: json(adminProductSchema, 'The new product'),
    400: errorResponse('A field is missing or not valid'),
    ...ADMIN_DENIED,
    ...IDEMPOTENCY_RESPONSES,
    409: errorResponse('Another product has this SKU, or a request with this Idempotency-Key is still running'),
    422: errorResponse(
      'The category does not exist or is deactivated, or the Idempotency-Key was used for another request',
    ),
  },
});

const updateRoute = createRoute({
  method: 'patch',
  ...staffRight('catalog.change'),
  operationId: 'adminUpdateProduct',
  path: '/products/{id}',
  tags,
  summary: 'Change any of a product’s fields (not its stock or slug); audited with each field before and after',
  request: { params: productIdParam, ...body(productUpdateSchema) },
  responses: {
    200: json(adminProductSchema, 'The product now'),
    400: errorResponse('A field is not valid'),
    ...ADMIN_DENIED,
    404: errorResponse('No such product'),
    409: errorResponse('Another product has this SKU'),
    422: errorResponse('The category does not exist or is deactivated'),
  },
});

const activeRoute = (active: boolean) =>
  createRoute({
    method: 'post',
    ...staffRight('catalog.change'),
    operationId: active ? 'adminReactivateProduct' : 'adminDeactivateProduct',
    path: `/products/{id}/${active ? 'reactivate' : 'deactivate'}`,
    tags,
    summary: active
      ? 'Put a product back on sale (its category must be active); audited'
      : 'Take a product off sale (never deleted: orders refer to it); audited',
    request: { params: productIdParam },
    responses: {
      200: json(adminProductSchema, 'The product now'),
      400: errorResponse('Invalid id'),
      ...ADMIN_DENIED,
      404: errorResponse('No such product'),
      ...(active ? { 422: errorResponse('The product’s category is deactivated') } : {}),
    },
  });

const adjustRoute = createRoute({
  method: 'post',
  ...staffRight('catalog.change'),
  operationId: 'adminAdjustStock',
  path: '/products/{id}/stock-adjustments',
  tags,
  summary: 'Add or remove units with a reason, in one statement that never takes stock below zero; audited',
  middleware: [requireIdempotencyKey] as const,
  request: { params: productIdParam, ...body(stockAdjustmentSchema) },
  responses: {
    200: json(stockAdjustedSchema, 'The product with its new stock'),
    400: errorResponse('Invalid id, change or reason'),
    ...ADMIN_DENIED,
    404: errorResponse('No such product'),
    ...IDEMPOTENCY_RESPONSES,
  },
});

const deps = (c: Context<AppEnv>) => ({ db: c.var.db, realtime: c.var.realtime });

export const adminProductRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { active, ...query } = c.req.valid('query');
    return c.json(
      await listProductsForAdmin(c.var.db, { ...query, active: active === undefined ? undefined : active === 'true' }),
      200,
    );
  })
  .openapi(detailRoute, async (c) => c.json(await productDetailForAdmin(c.var.db, c.req.valid('param').id), 200))
  .openapi(movementsRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { limit, cursor } = c.req.valid('query');
    return c.json(await listStockMovements(c.var.db, id, { limit, before: cursor }), 200);
  })
  .openapi(createProductRoute, async (c) => c.json(await createProduct(deps(c), c.req.valid('json'), actorOf(c)), 201))
  .openapi(updateRoute, async (c) =>
    c.json(await updateProduct(deps(c), c.req.valid('param').id, c.req.valid('json'), actorOf(c)), 200),
  )
  .openapi(activeRoute(false), async (c) =>
    c.json(await setProductActive(deps(c), c.req.valid('param').id, false, actorOf(c)), 200),
  )
  .openapi(activeRoute(true), async (c) =>
    c.json(await setProductActive(deps(c), c.req.valid('param').id, true, actorOf(c)), 200),
  )
  .openapi(adjustRoute, async (c) =>
    c.json(await adjustStock(deps(c), c.req.valid('param').id, c.req.valid('json'), actorOf(c)), 200),
  );
