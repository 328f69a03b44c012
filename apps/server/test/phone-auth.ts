import { send } from './auth-helpers.ts';
import type { TestContext } from './test-app.ts';

/** What the auth library answers, read as loosely typed JSON. */
export type Json = Record<string, unknown>;
export const json = async (response: Response) => (await response.json()) as Json;

/** Asks for a password reset code by SMS, as the "forgot password" screen does. */
export const requestPhoneReset = (ctx: TestContext, phoneNumber: string) =>
  send(ctx, '/api/auth/phone-number/request-password-reset', { phoneNumber });
