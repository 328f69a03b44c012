import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { listDistricts, listSubCounties, listVillages } from './places.service.ts';

const units = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) }).openapi('Places');
const ok = (description: string) => ({ description, content: { 'application/json': { schema: units } } });
const unitId = (label: string) => z.string().regex(/^\d{1,6}$/, `Invalid ${label} id`);
// The lists never change while the app runs: a day in the browser's cache is safe.
const CACHE = 'public, max-age=86400';

const districtsRoute = createRoute({
  method: 'get',
  operationId: 'listDistricts',
  security: [],
  path: '/districts',
  tags: ['places'],
  summary: "Uganda's districts, by name",
  responses: { 200: ok('The districts') },
});

const subCountiesRoute = createRoute({
  method: 'get',
  operationId: 'listSubCounties',
  security: [],
  path: '/districts/{id}/sub-counties',
  tags: ['places'],
  summary: "A district's sub-counties, by name",
  request: { params: z.object({ id: unitId('district') }) },
  responses: { 200: ok('The sub-counties'), 400: errorResponse('Bad id'), 404: errorResponse('No such district') },
});

const villagesRoute = createRoute({
  method: 'get',
  operationId: 'listVillages',
  security: [],
  path: '/sub-counties/{id}/villages',
  tags: ['places'],
  summary: "A sub-county's villages, by name",
  request: { params: z.object({ id: unitId('sub-county') }) },
  responses: { 200: ok('The villages'), 400: errorResponse('Bad id'), 404: errorResponse('No such sub-county') },
});

export const placeRoutes = createRouter()
  .openapi(districtsRoute, (c) => c.json({ items: listDistricts() }, 200, { 'cache-control': CACHE }))
  .openapi(subCountiesRoute, (c) =>
    c.json({ items: listSubCounties(c.req.valid('param').id) }, 200, { 'cache-control': CACHE }),
  )
  .openapi(villagesRoute, (c) =>
    c.json({ items: listVillages(c.req.valid('param').id) }, 200, { 'cache-control': CACHE }),
  );
