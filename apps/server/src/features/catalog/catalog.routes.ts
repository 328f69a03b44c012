import { categoryListSchema, productListQuerySchema, productListSchema, productSchema } from '@ecogrid/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponse, type AppEnv } from '#src/platform/http.ts';
import { catalogCacheOf, matchesEtag, type CachedAnswer } from './catalog-cache.ts';
import { getProduct, listCategories, listProducts } from './catalog.service.ts';

const productIdParams = z.object({
  id: z.uuid({ error: 'Invalid product id: it must be a UUID such as 0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b' }),
});

/** What every public catalogue read takes and answers besides its own: the ETag of a copy kept, and 304. */
const revalidation = {
  headers: z.object({
    'if-none-match': z
      .string()
      .optional()
      .openapi({ description: 'The ETag of the answer kept from before: 304 when it is still the same.' }),
  }),
};
const etagHeader = {
  ETag: { description: 'Names this answer; send it back in If-None-Match.', schema: { type: 'string' as const } },
};
const notModified = {
  304: { description: 'The copy kept (the ETag in If-None-Match) is still the answer', headers: etagHeader },
};

const listRoute = createRoute({
  method: 'get',
  operationId: 'listProducts',
  security: [],
  path: '/products',
  tags: ['catalog'],
  summary: 'List active products with search, filters, sorting and cursor pagination',
  request: { query: productListQuerySchema, ...revalidation },
  responses: {
    200: {
      description: 'One page of products',
      headers: etagHeader,
      content: { 'application/json': { schema: productListSchema } },
    },
    ...notModified,
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
  request: { params: productIdParams, ...revalidation },
  responses: {
    200: {
      description: 'The product',
      headers: etagHeader,
      content: { 'application/json': { schema: productSchema } },
    },
    ...notModified,
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
  request: revalidation,
  responses: {
    200: {
      description: 'The categories',
      headers: etagHeader,
      content: { 'application/json': { schema: categoryListSchema } },
    },
    ...notModified,
  },
});

/**
 * The public catalogue. Admins change it at any moment, on any app process, and every order takes
 * stock, so answers carry `Cache-Control: no-cache`: a browser or proxy may keep one but must ask
 * again before using it (with If-None-Match: 304 while it is the same), and never shows a price
 * or stock since changed. Each process keeps its answers until the database says the catalogue
 * changed (catalog-cache.ts). The web app's service worker keeps the last answer only for when
 * the network fails.
 */
export const catalogRoutes = createRouter();
catalogRoutes.use('*', async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-cache');
});

async function cached(c: Context<AppEnv>, key: string, read: () => Promise<unknown>) {
  const answer: CachedAnswer = await catalogCacheOf(c.var.realtime).answer(key, read);
  c.header('ETag', answer.etag);
  if (matchesEtag(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304);
  return c.body(answer.body, 200, { 'Content-Type': 'application/json' });
}

catalogRoutes
  .openapi(categoriesRoute, async (c) =>
    cached(c, 'categories', async () => ({ items: await listCategories(c.var.db) })),
  )
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    return cached(c, `list ${JSON.stringify(query)}`, () => listProducts(c.var.db, query));
  })
  .openapi(detailRoute, async (c) => {
    const { id } = c.req.valid('param');
    return cached(c, `product ${id}`, () => getProduct(c.var.db, id));
  });
