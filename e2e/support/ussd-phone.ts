import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import {
  africasTalkingCallbackPath,
  africasTalkingToken,
} from '../../apps/server/src/platform/africastalking-callbacks.ts';

/** The test server's AUTH_SECRET, from which its Africa's Talking callback token is derived. */
export const E2E_AUTH_SECRET = 'e2e-only-secret-0123456789-abcdefghijklmnop';

/**
 * A phone dialling the USSD menu as Africa's Talking relays it: each step posts the session's
 * answers so far; `answers` are the steps in order, and the last screen is returned.
 */
export async function dialUssd(request: APIRequestContext, phone: string, answers: string[]): Promise<string> {
  const path = africasTalkingCallbackPath(africasTalkingToken({ AUTH_SECRET: E2E_AUTH_SECRET }), 'ussd');
  const sessionId = `ATUid_${randomUUID()}`;
  let screen = '';
  for (let step = 0; step <= answers.length; step++) {
    const response = await request.post(path, {
      form: {
        sessionId,
        serviceCode: '*384*21478#',
        phoneNumber: phone,
        networkCode: '64110',
        text: answers.slice(0, step).join('*'),
      },
    });
    screen = await response.text();
    expect(response.status(), screen).toBe(200);
  }
  return screen;
}
