import { categorySlugSchema } from '@ecogrid/core';
import {
  adminCategorySchema,
  categoryCreateSchema,
  categoryOrderSchema,
  categoryUpdateSchema,
} from '@ecogrid/core/catalog-admin';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ADMIN_DENIED, staffRight } from '#src/features/auth/roles.service.ts';
import { createRouter, errorResponse, type AppEnv } from '#src/platform/http.ts';
import { body } from '#src/platform/route-helpers.ts';
import {
  createCategory,
  listCategoriesForAdmin,
  reorderCategories,
  setCategoryActive,
  updateCategory,
} from './admin-categories.ts';
import { actorOf } from './admin-products.routes.ts';

const tags = ['admin', 'catalog'];
const slugParam = z.object({ slug: categorySlugSchema });
const one = { description: 'The category now', content: { 'application/json': { schema: adminCategorySchema } } };
const all = {
  description: 'Every category, in order',
  content: { 'application/json': { schema: z.object({ items: z.array(adminCategorySchema) }) } },
};

const listRoute = createRoute({
  method: 'get',
  ...staffRight('catalog.read'),
  operationId: 'adminListCategories',
  path: '/categories',
  tags,
  summary: 'Every category, inactive ones too, in order, with its product counts',
  responses: { 200: all, ...ADMIN_DENIED },
});

const createCategoryRoute = createRoute({
  method: 'post',
  ...staffRight('catalog.change'),
  operationId: 'adminCreateCategory',
  path: '/categories',
  tags,
  summary: 'A new category (slug and name; last in the order unless a position is given); audited',
  request: body(categoryCreateSchema),
  responses: {
    201: one,
    400: errorResponse('Bad slug, name or position'),
    ...ADMIN_DENIED,
    409: errorResponse('The slug is taken'),
  },
});

const updateRoute = createRoute({
  method: 'patch',
  ...staffRight('catalog.change'),
  operationId: 'adminUpdateCategory',
  path: '/categories/{slug}',
  tags,
  summary: 'Rename a category or set its position (the slug never changes: links use it); audited',
  request: { params: slugParam, ...body(categoryUpdateSchema) },
  responses: {
    200: one,
    400: errorResponse('Bad name or position'),
    ...ADMIN_DENIED,
    404: errorResponse('No such category'),
  },
});

const orderRoute = createRoute({
  method: 'put',
  ...staffRight('catalog.change'),
  operationId: 'adminReorderCategories',
  path: '/categories/order',
  tags,
  summary: 'Put every category in a new order (positions 1, 2, 3, …); audited',
  request: body(categoryOrderSchema),
  responses: {
    200: all,
    400: errorResponse('Not a list of slugs, or one listed twice'),
    ...ADMIN_DENIED,
    422: errorResponse('A category is unknown or missing'),
  },
});

const activeRoute = (active: boolean) =>
  createRoute({
    method: 'post',
    ...staffRight('catalog.change'),
    operationId: active ? 'adminReactivateCategory' : 'adminDeactivateCategory',
    path: `/categories/{slug}/${active ? 'reactivate' : 'deactivate'}`,
    tags,
    summary: active
      ? 'Show a category to shoppers again; audited'
      : 'Hide a category from shoppers; refused while it has active products; audited',
    request: { params: slugParam },
    responses: {
      200: one,
      400: errorResponse('Bad slug'),
      ...ADMIN_DENIED,
      404: errorResponse('No such category'),
      ...(active ? {} : { 422: errorResponse('The category still has active products') }),
    },
  });

const deps = (c: Context<AppEnv>) => ({ db: c.var.db, realtime: c.var.realtime });

export const adminCategoryRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json({ items: await listCategoriesForAdmin(c.var.db) }, 200))
  .openapi(createCategoryRoute, async (c) =>
    c.json(await createCategory(deps(c), c.req.valid('json'), actorOf(c)), 201),
  )
  .openapi(orderRoute, async (c) =>
    c.json({ items: await reorderCategories(deps(c), c.req.valid('json').slugs, actorOf(c)) }, 200),
  )
  .openapi(updateRoute, async (c) =>
    c.json(await updateCategory(deps(c), c.req.valid('param').slug, c.req.valid('json'), actorOf(c)), 200),
  )
  .openapi(activeRoute(false), async (c) =>
    c.json(await setCategoryActive(deps(c), c.req.valid('param').slug, false, actorOf(c)), 200),
  )
  .openapi(activeRoute(true), async (c) =>
    c.json(await setCategoryActive(deps(c), c.req.valid('param').slug, true, actorOf(c)), 200),
  );
