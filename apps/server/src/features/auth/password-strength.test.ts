import { describe, expect, it } from 'vitest';
import { validatePasswordStrength } from './password-strength.ts';

describe('validatePasswordStrength', () => {
  it('accepts a long passphrase with no composition rules', () => {
    expect(validatePasswordStrength('mango tree beside the borehole')).toEqual({ ok: true });
    expect(validatePasswordStrength('ggwanga-mujje-kampala-94')).toEqual({ ok: true });
  });

  it('refuses fewer than 8 or more than 128 characters', () => {
    expect(validatePasswordStrength('Ab1!xyz')).toEqual({
      ok: false,
      message: 'Password must be at least 8 characters long.',
      text: { key: 'errors:auth.passwordShort', values: { min: 8 } },
    });
    expect(validatePasswordStrength('a'.repeat(129))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/at most 128/),
    });
  });

  it('refuses common passwords whatever their symbols', () => {
    for (const common of ['password1', 'Password123!', 'qwertyuiop', '12345678', 'iloveyou']) {
      expect(validatePasswordStrength(common), common).toMatchObject({
        ok: false,
        message: expect.stringMatching(/too easy to guess/),
      });
    }
  });

  it("refuses a password built from the user's own name, email or phone", () => {
    const inputs = ['Nakato Sarah', 'sarah.nakato@example.ug', '+256772123456'];
    expect(validatePasswordStrength('Nakato2026!!', inputs)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/name, email address or phone/),
    });
    expect(validatePasswordStrength('my0772123456pw', ['0772123456'])).toMatchObject({ ok: false });
    expect(validatePasswordStrength('sarah.nakato#1', inputs)).toMatchObject({ ok: false });
  });
});
