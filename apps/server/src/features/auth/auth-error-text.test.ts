import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  send,
  signUpAndVerify,
  STRONG_PASSWORD,
  signUpByPhoneAndVerify,
  uniqueEmail,
} from '../../../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { SMS_CODES_PER_HOUR } from './code-allowance.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const refusal = async (response: Response) => ({
  status: response.status,
  ...((await response.json()) as { code: string; message: string }),
});

describe('refusals of sign-in and sign-up in the reader’s language', () => {
  it('answers a wrong password in the language Accept-Language asks for, and English as written', async () => {
    const me = await signUpAndVerify(ctx);
    const attempt = (acceptLanguage?: string) =>
      send(
        ctx,
        '/api/auth/sign-in/email',
        { email: me.email, password: 'not the password at all' },
        { acceptLanguage },
      );
    expect(await refusal(await attempt())).toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(await refusal(await attempt('lg'))).toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: "Email, ennamba y'essimu oba ekigambo ky'okuyingira si kituufu.",
    });
    expect((await refusal(await attempt('sw-KE,sw;q=0.9'))).message).toBe(
      'Barua pepe, namba ya simu au nenosiri si sahihi.',
    );
  });

  it('says which rule a weak password broke, with its number, in Luganda and Kiswahili', async () => {
    const signUp = (password: string, acceptLanguage: string) =>
      send(ctx, '/api/auth/sign-up/email', { email: uniqueEmail(), password, name: 'Nambi Grace' }, { acceptLanguage });
    expect(await refusal(await signUp('short1!', 'sw'))).toMatchObject({
      status: 400,
      code: 'WEAK_PASSWORD',
      message: 'Nenosiri liwe na herufi 8 au zaidi.',
    });
    expect((await refusal(await signUp('Password123!', 'lg'))).message).toBe(
      "Ekigambo ky'okuyingira kyangu nnyo okuteebereza. Kozesa ebigambo bingi ebitakwatagana.",
    );
    expect((await refusal(await signUp('Password123!', 'en'))).message).toMatch(/^Password is too easy to guess\./);
  });

  it('counts the minutes of a lock-out in the reader’s language', async () => {
    const me = await signUpAndVerify(ctx);
    const ip = '10.250.0.1';
    for (let i = 0; i < 5; i += 1) {
      await send(ctx, '/api/auth/sign-in/email', { email: me.email, password: `wrong ${i} entirely` }, { ip });
    }
    const locked = await send(
      ctx,
      '/api/auth/sign-in/email',
      { email: me.email, password: STRONG_PASSWORD },
      { ip, acceptLanguage: 'lg' },
    );
    expect(await refusal(locked)).toMatchObject({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      message: "Ogezezzaako okuyingira emirundi mingi nga tekikola. Ddamu oluvannyuma lw'eddakiika 15.",
    });
  });

  it('tells how long to wait for another code in Kiswahili', async () => {
    const member = await signUpByPhoneAndVerify(ctx);
    const ask = () =>
      send(
        ctx,
        '/api/auth/phone-number/request-password-reset',
        { phoneNumber: member.local },
        { acceptLanguage: 'sw' },
      );
    // The sign-up's own code counted too: the allowance runs out within the hour's number of codes.
    let answer = await ask();
    for (let i = 0; answer.status === 200 && i < SMS_CODES_PER_HOUR; i += 1) answer = await ask();
    const refused = await refusal(answer);
    expect(refused).toMatchObject({ status: 429, code: 'TOO_MANY_CODES' });
    expect(refused.message).toMatch(
      /^Misimbo mingi mno imeombwa kwa namba hii\. Subiri dakika \d+, kisha ujaribu tena\.$/,
    );
  });
});
