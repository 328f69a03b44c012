import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { users } from '#src/db/schema/auth.ts';
import { send, signUpByPhoneAndVerify, smsCountTo } from '../../../test/auth-helpers.ts';
import type { Json } from '../../../test/phone-auth.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

/** The app the phone account tests run against, made before and closed after the file's tests. */
export function phoneTestApp() {
  const app = { ctx: undefined as unknown as TestContext };
  beforeAll(async () => {
    app.ctx = await createTestContext();
  });
  afterAll(async () => app.ctx.close());

  const userByPhone = async (e164: string) =>
    (await app.ctx.db.select().from(users).where(eq(users.phoneNumber, e164)))[0];
  const smsCount = (to: string) => smsCountTo(app.ctx.db, to);
  const meStatus = async (cookie: string) => (await send(app.ctx, '/api/me', undefined, { cookie })).status;

  const signUpByPhone = (extra: Json = {}) => signUpByPhoneAndVerify(app.ctx, extra);

  return { app, userByPhone, smsCount, meStatus, signUpByPhone };
}
