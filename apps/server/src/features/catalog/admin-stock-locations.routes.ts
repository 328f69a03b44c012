import { pageSchema } from '@ecogrid/core/page';
import {
  locationStockSchema,
  productStockSchema,
  stockLocationCreateSchema,
  stockLocationSchema,
  stockMoveSchema,
  stockTransferSchema,
} from '@ecogrid/core/stock-locations';
import { createRoute, z } from '@hono/zod-openapi';
import { ADMIN_DENIED, requireStaffByMethod, staffRight } from '#src/features/auth/roles.service.ts';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { actorOf, productIdParam } from './admin-products.routes.ts';
import { createStockLocation, listStockLocations, stockAtLocation, stockOfProduct } from './stock-locations.ts';
import { listStockMoves, transferStock } from './stock-transfers.ts';

const tags = ['admin', 'stock'];
const locationIdParam = z.object({
  id: z.uuid({ error: 'Invalid location id: it must be a UUID' }).openapi({ param: { name: 'id', in: 'path' } }),
});
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(30).optional(),
});

const listRoute = createRoute({
  method: 'get',
  ...staffRight('catalog.read'),
  operationId: 'adminListStockLocations',
  path: '/locations',
  tags,
  summary: 'Every stock location (warehouses, shops, agents) by name, with the units each holds',
  responses: { 200: json(z.array(stockLocationSchema), 'The locations'), ...ADMIN_DENIED },
});

const createLocationRoute = createRoute({
  method: 'post',
  ...staffRight('catalog.change'),
  operationId: 'adminCreateStockLocation',
  path: '/locations',
  tags,
  summary: 'A new stock location: a named warehouse, a pickup point’s shop or an approved agent; audited',
  request: body(stockLocationCreateSchema),
  responses: {
    201: json(stockLocationSchema, 'The new location'),
    400: errorResponse('Missing or bad fields'),
    ...ADMIN_DENIED,
    409: errorResponse('The pickup point or agent is a location already'),
    422: errorResponse('No such pickup point, or not an approved agent'),
  },
});

const locationRoute = createRoute({
  method: 'get',
  ...staffRight('catalog.read'),
  operationId: 'adminGetStockLocation',
  path: '/locations/{id}',
  tags,
  summary: 'One location with the units of each product it holds',
  request: { params: locationIdParam },
  responses: {
    200: json(locationStockSchema, 'The location and its stock'),
    400: errorResponse('Invalid id'),
    ...ADMIN_DENIED,
    404: errorResponse('No such location'),
  },
});

const locationMovesRoute = createRoute({
  method: 'get',
  ...staffRight('catalog.read'),
  operationId: 'adminListLocationStockMoves',
  path: '/locations/{id}/moves',
  tags,
  summary: 'What came to and left one location, newest first, a page at a time',
  request: { params: locationIdParam, query: pageQuery },
  responses: {
    200: json(pageSchema(stockMoveSchema), 'One page'),
    400: errorResponse('Invalid id or cursor'),
    ...ADMIN_DENIED,
  },
});

const productRoute = createRoute({
  method: 'get',
  ...staffRight('catalog.read'),
  operationId: 'adminGetProductStock',
  path: '/products/{id}',
  tags,
  summary: 'Where one product’s units are, with what is free to sell and what orders hold',
  request: { params: productIdParam },
  responses: {
    200: json(productStockSchema, 'The product’s stock by location'),
    400: errorResponse('Invalid id'),
    ...ADMIN_DENIED,
    404: errorResponse('No such product'),
  },
});

const productMovesRoute = createRoute({
  method: 'get',
  ...staffRight('catalog.read'),
  operationId: 'adminListProductStockMoves',
  path: '/products/{id}/moves',
  tags,
  summary: 'Where one product’s units went, newest first, a page at a time',
  request: { params: productIdParam, query: pageQuery },
  responses: {
    200: json(pageSchema(stockMoveSchema), 'One page'),
    400: errorResponse('Invalid id or cursor'),
    ...ADMIN_DENIED,
  },
});

const transferRoute = createRoute({
  method: 'post',
  ...staffRight('catalog.change'),
  operationId: 'adminTransferStock',
  path: '/transfers',
  tags,
  summary:
    'Move units of a product between locations in one transaction that never leaves the source below zero, with the serial numbers of the devices moved; audited (stock.transfer)',
  request: body(stockTransferSchema),
  responses: {
    201: json(stockMoveSchema, 'The transfer'),
    400: errorResponse('Missing or bad fields'),
    ...ADMIN_DENIED,
    404: errorResponse('No such product or location'),
    422: errorResponse('The source does not hold the units, the destination takes no stock, or a device is not there'),
  },
});

/** The back office's stock-by-location API (/api/admin/stock): admins only, answers never stored. */
export const adminStockRoutes = createRouter();
adminStockRoutes.use('*', requireStaffByMethod('catalog.read', 'catalog.change'));
adminStockRoutes.use('*', async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
});
adminStockRoutes
  .openapi(listRoute, async (c) => c.json(await listStockLocations(c.var.db), 200))
  .openapi(createLocationRoute, async (c) =>
    c.json(await createStockLocation(c.var.db, c.req.valid('json'), actorOf(c)), 201),
  )
  .openapi(locationRoute, async (c) => c.json(await stockAtLocation(c.var.db, c.req.valid('param').id), 200))
  .openapi(locationMovesRoute, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    return c.json(
      await listStockMoves(c.var.db, { locationId: c.req.valid('param').id }, { limit, before: cursor }),
      200,
    );
  })
  .openapi(productRoute, async (c) => c.json(await stockOfProduct(c.var.db, c.req.valid('param').id), 200))
  .openapi(productMovesRoute, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    return c.json(
      await listStockMoves(c.var.db, { productId: c.req.valid('param').id }, { limit, before: cursor }),
      200,
    );
  })
  .openapi(transferRoute, async (c) => c.json(await transferStock(c.var.db, c.req.valid('json'), actorOf(c)), 201));
