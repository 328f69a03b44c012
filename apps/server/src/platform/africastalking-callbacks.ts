import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from './errors.ts';

/**
 * Africa's Talking does not sign its callbacks (USSD, SMS delivery reports, payment
 * notifications), so each is posted to an address that carries a token only EcoGrid can make:
 * `AT_CALLBACK_TOKEN` when set (so it can be rotated on its own), else one derived from
 * AUTH_SECRET. The addresses to give Africa's Talking are `${PUBLIC_URL}` +
 * `africasTalkingCallbackPath(token, kind)`; the README says where each goes.
 */
export type AfricasTalkingCallback = 'ussd' | 'sms-delivery' | 'payments';

export const AT_CALLBACK_BASE = '/api/callbacks/africastalking';

/** The token in every Africa's Talking callback address. */
export function africasTalkingToken(settings: { AUTH_SECRET: string; AT_CALLBACK_TOKEN?: string | undefined }) {
  return (
    settings.AT_CALLBACK_TOKEN ??
    createHmac('sha256', settings.AUTH_SECRET).update('africastalking-callbacks').digest('base64url')
  );
}

/** Where Africa's Talking posts one kind of callback. */
export const africasTalkingCallbackPath = (token: string, kind: AfricasTalkingCallback) =>
  `${AT_CALLBACK_BASE}/${encodeURIComponent(token)}/${kind}`;

/** Throws 401 unless `given` is the callback token (compared in constant time). */
export function assertAfricasTalkingToken(expected: string, given: string | undefined): void {
  const a = Buffer.from(expected);
  const b = Buffer.from(given ?? '');
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new AppError('bad_signature', "This is not an address Africa's Talking was given.", 401);
  }
}
