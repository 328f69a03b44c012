import { describe, expect, it } from 'vitest';
import {
  amountSchema,
  defaultNetwork,
  failureMessage,
  sandboxScenario,
  topUpRequestSchema,
  ugandanMobile,
} from './payments.ts';

describe('payment inputs', () => {
  it('takes whole shillings between UGX 500 and UGX 5,000,000 only', () => {
    expect(amountSchema.safeParse(500).success).toBe(true);
    expect(amountSchema.safeParse(5_000_000).success).toBe(true);
    for (const bad of [0, -1, 499, 5_000_001, 1_000.5, Number.NaN, '1000', null]) {
      expect(amountSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('takes Ugandan mobile numbers however they are typed, and nothing else', () => {
    expect(ugandanMobile('0772 123456')).toBe('+256772123456');
    expect(ugandanMobile('256 700 123456')).toBe('+256700123456');
    expect(ugandanMobile('+256 75 1234567')).toBe('+256751234567');
    expect(ugandanMobile('0414 123456')).toBeNull(); // a Kampala landline
    expect(ugandanMobile('+254712345678')).toBeNull(); // Kenya
    expect(ugandanMobile('0772')).toBeNull();
  });

  it('refuses a top-up with an unknown field or network', () => {
    const ok = { amount: 5_000, phone: '0772123456', network: 'mtn' };
    expect(topUpRequestSchema.safeParse(ok).success).toBe(true);
    expect(topUpRequestSchema.safeParse({ ...ok, network: 'mpesa' }).success).toBe(false);
    expect(topUpRequestSchema.safeParse({ ...ok, userId: 'someone-else' }).success).toBe(false);
  });

  it('guesses the network from the prefix, MTN when it cannot tell', () => {
    expect(defaultNetwork('0772123456')).toBe('mtn');
    expect(defaultNetwork('0701234567')).toBe('airtel');
    expect(defaultNetwork('0751234567')).toBe('airtel');
    expect(defaultNetwork(null)).toBe('mtn');
  });
});

describe('the sandbox test numbers', () => {
  it('read the last six digits on any network', () => {
    expect(sandboxScenario('+256772000101')).toBe('NOT_ENOUGH_FUNDS');
    expect(sandboxScenario('0700000105')).toBe('timeout');
    expect(sandboxScenario('256772000109')).toBe('no_callback');
    expect(sandboxScenario('+256772123456')).toBe('success');
  });

  it('explain failures in plain words, with a fallback for reasons not listed', () => {
    expect(failureMessage('NOT_ENOUGH_FUNDS')).toBe('There was not enough money on the mobile-money account.');
    expect(failureMessage('SOMETHING_NEW')).toBe('The network could not complete the payment.');
    expect(failureMessage(null)).toBeNull();
  });
});
