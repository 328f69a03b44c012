import { describe, expect, it } from 'vitest';
import { ageOn, isNin, KYC_STEPS, kycCompletion, kycIdentitySchema, type KycSteps } from './kyc.ts';

describe('kycCompletion', () => {
  it('gives 20 % for each step done, for every one of the 32 combinations', () => {
    const expected = [0, 20, 40, 60, 80, 100];
    for (let mask = 0; mask < 2 ** KYC_STEPS.length; mask++) {
      const steps = Object.fromEntries(KYC_STEPS.map((step, i) => [step, (mask & (1 << i)) !== 0])) as KycSteps;
      const done = Object.values(steps).filter(Boolean).length;
      expect(kycCompletion(steps), JSON.stringify(steps)).toBe(expected[done]);
    }
  });
});

describe('National ID Number', () => {
  it('takes 14 letters and digits starting CM or CF, as printed or typed with spaces', () => {
    for (const nin of ['CM90012345678X', 'CF85101234ABCD', 'cm 9001 2345 678x', 'CF-85-1012-34AB-CD']) {
      expect(isNin(nin), nin).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const nin of [
      '',
      'CM9001234567', // 12
      'CM90012345678XY', // 15
      'AM90012345678X', // not C
      'CX90012345678X', // not M or F
      'CMAB012345678X', // year not digits
      'CM90012345678!',
    ]) {
      expect(isNin(nin), nin).toBe(false);
    }
  });

  it('keeps the number as printed: upper case, no spaces', () => {
    expect(kycIdentitySchema.parse({ idType: 'national_id', idNumber: ' cf 8510 1234 abcd ' })).toEqual({
      idType: 'national_id',
      idNumber: 'CF85101234ABCD',
    });
    const wrong = kycIdentitySchema.safeParse({ idType: 'national_id', idNumber: 'CF851' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toMatch(/14 letters and digits and starts with CM or CF/);
  });
});

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-11-22', '2026-11-21')).toBe(17);
    expect(ageOn('2008-11-22', '2026-11-22')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});
