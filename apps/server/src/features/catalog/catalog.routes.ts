import { productListQuerySchema, productListSchema, productSchema } from '@ecogrid/core';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { getProduct, listProducts } from './catalog.service.ts';

const productIdParams = z.object({
  id: z.uuid({ error: 'Invalid product id: it must be a UUID such as 0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b' }),
});

const listRoute = createRoute({
  method: 'get',
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

export const catalogRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const result = await listProducts(c.var.db, c.req.valid('query'));
    return c.json(result, 200);
  })
  .openapi(detailRoute, async (c) => {
    const product = await getProduct(c.var.db, c.req.valid('param').id);
    return c.json(product, 200);
  });
