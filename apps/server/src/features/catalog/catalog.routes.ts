import { categoryListSchema, productListQuerySchema, productListSchema, productSchema } from '@ecogrid/core';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { getProduct, listCategories, listProducts } from './catalog.service.ts';

const productIdParams = z.object({
  id: z.uuid({ error: 'Invalid product id: it must be a UUID such as 0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b' }),
});

const listRoute = createRoute({
  method: 'get',
  operationId: 'listProducts',
  security: [],
  path: '/products',
  tags: ['catalog'],
  summary: 'List active products with search, filters, sorting and cursor pagination',
  request: { query: productListQuerySchema },
  responses: {
    200: { description: 'One page of products', content: { 'application/json': { schema: productListSchema } } },
    400: errorResponse('A filter, sort, limit or cursor is not valid'),
  },
});

const detailRoute = createRoute({
  method: 'get',
  operationId: 'getProduct',
  security: [],
  path: '/products/{id}',
  tags: ['catalog'],
  summary: 'One active product',
  request: { params: productIdParams },
  responses: {
    200: { description: 'The product', content: { 'application/json': { schema: productSchema } } },
    400: errorResponse('The id is not a UUID'),
    404: errorResponse('No active product has this id'),
  },
});

const categoriesRoute = createRoute({
  method: 'get',
  operationId: 'listCategories',
  security: [],
  path: '/categories',
  tags: ['catalog'],
  summary: 'The active categories in order, each with its number of active products',
  responses: {
    200: { description: 'The categories', content: { 'application/json': { schema: categoryListSchema } } },
  },
});

/**
 * The public catalogue. Admins change it at any moment, on any app process, and the server keeps
 * no copy of it, so answers carry `Cache-Control: no-cache`: a browser or proxy may keep one but
 * must ask again before using it, and never shows a price or stock an admin has since changed.
 * (The web app's service worker keeps the last answer only for when the network fails.)
 */
export const catalogRoutes = createRouter();
catalogRoutes.use('*', async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-cache');
});
catalogRoutes
  .openapi(categoriesRoute, async (c) => c.json({ items: await listCategories(c.var.db) }, 200))
  .openapi(listRoute, async (c) => {
    const result = await listProducts(c.var.db, c.req.valid('query'));
    return c.json(result, 200);
  })
  .openapi(detailRoute, async (c) => {
    const product = await getProduct(c.var.db, c.req.valid('param').id);
    return c.json(product, 200);
  });
