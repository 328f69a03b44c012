import { adminProductSchema, CATALOG_LIMITS } from '@ecogrid/core/catalog-admin';
import { createRoute, z } from '@hono/zod-openapi';
import { ADMIN_DENIED, requireStaffByMethod, staffRight } from '#src/features/auth/roles.service.ts';
import { badRequest } from '#src/platform/errors.ts';
import { createRouter, errorResponse, uploadLimit } from '#src/platform/http.ts';
import { adminCategoryRoutes } from './admin-categories.routes.ts';
import { actorOf, adminProductRoutes, productIdParam } from './admin-products.routes.ts';
import { addProductImage, changeProductImages } from './product-images.ts';

const tags = ['admin', 'catalog'];
const productAnswer = {
  description: 'The product now',
  content: { 'application/json': { schema: adminProductSchema } },
};
const imageUrl = z
  .string({ error: 'Give the picture’s address, as the product lists it' })
  .min(1, 'Give the picture’s address, as the product lists it')
  .max(300);

const uploadRoute = createRoute({
  method: 'post',
  ...staffRight('catalog.change'),
  operationId: 'adminUploadProductImage',
  path: '/products/{id}/images',
  tags,
  summary:
    'Upload a picture (multipart, field "file", at most 8 MB): checked by its content (JPEG, PNG or WebP), resized to 1200 and 400 px WebP without metadata, added last; audited',
  middleware: [
    uploadLimit(CATALOG_LIMITS.images.bytes, 'The picture is larger than 8 MB. Choose a smaller one.'),
  ] as const,
  request: {
    params: productIdParam,
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary' }) }),
        },
      },
    },
  },
  responses: {
    201: productAnswer,
    400: errorResponse('No file in the request'),
    ...ADMIN_DENIED,
    404: errorResponse('No such product'),
    413: errorResponse('Larger than 8 MB'),
    415: errorResponse('Not a JPEG, PNG or WebP picture, whatever its name says'),
    422: errorResponse('Damaged, too small, too many pixels, or the product already has 8 pictures'),
  },
});

const removeImageRoute = createRoute({
  method: 'delete',
  ...staffRight('catalog.change'),
  operationId: 'adminRemoveProductImage',
  path: '/products/{id}/images',
  tags,
  summary: 'Remove a picture from a product (the file is kept: past orders show it); audited',
  request: { params: productIdParam, query: z.object({ url: imageUrl }) },
  responses: {
    200: productAnswer,
    400: errorResponse('Invalid id or address'),
    ...ADMIN_DENIED,
    404: errorResponse('No such product, or not one of its pictures'),
  },
});

const mainImageRoute = createRoute({
  method: 'post',
  ...staffRight('catalog.change'),
  operationId: 'adminSetMainProductImage',
  path: '/products/{id}/images/main',
  tags,
  summary: 'Make one of the product’s pictures the main (first) one; audited',
  request: {
    params: productIdParam,
    body: { required: true, content: { 'application/json': { schema: z.strictObject({ url: imageUrl }) } } },
  },
  responses: {
    200: productAnswer,
    400: errorResponse('Invalid id or address'),
    ...ADMIN_DENIED,
    404: errorResponse('No such product, or not one of its pictures'),
  },
});

const imageRoutes = createRouter()
  .openapi(uploadRoute, async (c) => {
    const form = await c.req.parseBody().catch(() => {
      throw badRequest('Send the picture as multipart/form-data, in a field named "file".');
    });
    const file = form.file;
    if (!(file instanceof File)) throw badRequest('Send the picture as multipart/form-data, in a field named "file".');
    if (file.size === 0) throw badRequest('The file is empty.');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const deps = { db: c.var.db, realtime: c.var.realtime, storage: c.var.storage };
    return c.json(await addProductImage(deps, c.req.valid('param').id, bytes, actorOf(c)), 201);
  })
  .openapi(removeImageRoute, async (c) => {
    const deps = { db: c.var.db, realtime: c.var.realtime };
    const change = { remove: c.req.valid('query').url };
    return c.json(await changeProductImages(deps, c.req.valid('param').id, change, actorOf(c)), 200);
  })
  .openapi(mainImageRoute, async (c) => {
    const deps = { db: c.var.db, realtime: c.var.realtime };
    const change = { main: c.req.valid('json').url };
    return c.json(await changeProductImages(deps, c.req.valid('param').id, change, actorOf(c)), 200);
  });

/**
 * The back office's catalogue API (/api/admin/catalog): admins only (401 signed out, 403
 * otherwise), checked before anything else, even before an upload is read. Answers are private
 * and never stored by a browser or a proxy.
 */
export const adminCatalogRoutes = createRouter();
adminCatalogRoutes.use('*', requireStaffByMethod('catalog.read', 'catalog.change'));
adminCatalogRoutes.use('*', async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
});
adminCatalogRoutes.route('/', adminProductRoutes).route('/', imageRoutes).route('/', adminCategoryRoutes);
