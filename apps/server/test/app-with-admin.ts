import { afterAll, beforeAll } from 'vitest';
import { signedInAdmin, type Client } from './catalog-admin.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/**
 * The app a test file runs against, with a signed-in admin, made before and closed after the
 * file's tests: read `app.ctx` and `app.admin` inside the tests.
 */
export function testAppWithAdmin() {
  const app = {
    ctx: undefined as unknown as TestContext,
    admin: undefined as unknown as { id: string; api: Client },
  };
  beforeAll(async () => {
    app.ctx = await createTestContext();
    app.admin = await signedInAdmin(app.ctx);
  });
  afterAll(async () => app.ctx.close());
  return app;
}
