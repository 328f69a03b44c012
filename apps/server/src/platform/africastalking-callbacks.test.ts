import { describe, expect, it } from 'vitest';
import {
  africasTalkingCallbackPath,
  africasTalkingToken,
  assertAfricasTalkingToken,
} from './africastalking-callbacks.ts';

const AUTH_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

describe("Africa's Talking callback addresses", () => {
  it('derive a token from AUTH_SECRET unless one is set, and put it in each address', () => {
    const derived = africasTalkingToken({ AUTH_SECRET });
    expect(derived).toMatch(/^[\w-]{43}$/);
    expect(africasTalkingToken({ AUTH_SECRET: `${AUTH_SECRET}x` })).not.toBe(derived);
    expect(africasTalkingToken({ AUTH_SECRET, AT_CALLBACK_TOKEN: 'rotated-token-0123456789ab' })).toBe(
      'rotated-token-0123456789ab',
    );
    expect(africasTalkingCallbackPath('tok', 'ussd')).toBe('/api/callbacks/africastalking/tok/ussd');
  });

  it('refuse any other token with 401', () => {
    const token = africasTalkingToken({ AUTH_SECRET });
    expect(() => assertAfricasTalkingToken(token, token)).not.toThrow();
    for (const wrong of [undefined, '', 'x', `${token}x`, token.slice(1)]) {
      expect(() => assertAfricasTalkingToken(token, wrong)).toThrow(expect.objectContaining({ status: 401 }));
    }
  });
});
