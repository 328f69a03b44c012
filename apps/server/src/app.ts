import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { HTTPException } from 'hono/http-exception';
import type { DatabaseHandle } from './db/client.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { AppError, errorBody } from './platform/errors.ts';
import { createRouter } from './platform/http.ts';
import type { Logger } from './platform/logger.ts';
import { APP_VERSION } from './platform/version.ts';
import { mountWebApp } from './platform/web-static.ts';

export type AppDeps = { database: DatabaseHandle; logger: Logger; webDistDir?: string };

export function createApp({ database, logger, webDistDir }: AppDeps) {
  const app = createRouter();

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    const log = logger.child({ requestId: c.var.requestId });
    c.set('log', log);
    c.set('db', database.db);
    c.set('dbHandle', database);
    const started = performance.now();
    await next();
    log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  app.use('*', compress());

  app.route('/api', healthRoutes);
  app.route('/api/catalog', catalogRoutes);
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'EcoGrid API', version: APP_VERSION, description: 'Marketplace for energy products in Uganda' },
  });
  app.all('/api/*', (c) => {
    throw new AppError('not_found', `No API route matches ${c.req.method} ${c.req.path}`, 404);
  });

  if (webDistDir) mountWebApp(app, webDistDir);

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(errorBody(error.code, error.message), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody('http_error', error.message || 'The request could not be handled'), error.status);
    }
    (c.var.log ?? logger).error({ err: error }, 'unhandled error');
    return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
  });
  app.notFound((c) => c.json(errorBody('not_found', 'Not found'), 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
