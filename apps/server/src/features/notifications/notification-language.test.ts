import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastEmailTo,
  lastSmsTo,
  signUpAndVerify,
  signUpByPhoneAndVerify,
  userIdOf,
  userIdOfPhone,
} from '../../../test/auth-helpers.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { sendNotifications, type NewNotification } from './notifications.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const deliver = (inputs: NewNotification[]) =>
  sendNotifications(ctx.db, { realtime: ctx.realtime, messages: ctx.messages, publicUrl: TEST_ORIGIN }, inputs);

const received = (userId: string) =>
  ({
    userId,
    type: 'payment_update',
    text: { key: 'notifications:payment.received.wallet_topup', values: { amount: 'UGX 1,250,000' } },
    sms: true,
  }) as const;

describe('a notice in the recipient’s language', () => {
  it('is stored and texted in each recipient’s own language, in one batch', async () => {
    const lg = await signUpByPhoneAndVerify(ctx, { preferredLanguage: 'luganda' });
    const sw = await signUpByPhoneAndVerify(ctx, { preferredLanguage: 'swahili' });
    const en = await signUpByPhoneAndVerify(ctx);
    const ids = await Promise.all([lg, sw, en].map((p) => userIdOfPhone(ctx.db, p.e164)));
    const rows = await deliver(ids.map(received));
    expect(rows.map((r) => [r.title, r.message])).toEqual([
      ['Ssente zifunyiddwa', 'UGX 1,250,000 zigattiddwa ku waleti yo eya EcoGrid.'],
      ['Malipo yamepokelewa', 'UGX 1,250,000 zimeongezwa kwenye pochi yako ya EcoGrid.'],
      ['Payment received', 'UGX 1,250,000 was added to your EcoGrid wallet.'],
    ]);
    expect((await lastSmsTo(ctx.db, lg.e164))?.body).toBe(
      'EcoGrid: Ssente zifunyiddwa. UGX 1,250,000 zigattiddwa ku waleti yo eya EcoGrid.',
    );
    expect((await lastSmsTo(ctx.db, sw.e164))?.body).toBe(
      'EcoGrid: Malipo yamepokelewa. UGX 1,250,000 zimeongezwa kwenye pochi yako ya EcoGrid.',
    );
  });

  it('is emailed in the recipient’s language, with the inbox link', async () => {
    const account = await signUpAndVerify(ctx, { preferredLanguage: 'swahili' });
    await deliver([received(await userIdOf(ctx.db, account.email))]);
    const mail = await lastEmailTo(ctx.db, account.email);
    expect(mail?.subject).toBe('EcoGrid: Malipo yamepokelewa');
    expect(mail?.body).toContain('Angalia taarifa zako zote: http://localhost:3000/inbox');
  });

  it('writes a day in the reader’s language and picks plural forms by its rules', async () => {
    const account = await signUpByPhoneAndVerify(ctx, { preferredLanguage: 'luganda' });
    const userId = await userIdOfPhone(ctx.db, account.e164);
    const [active, token] = await deliver([
      {
        userId,
        type: 'loan_update',
        text: {
          key: 'notifications:loan.active',
          values: { loan: 'LN-00042', product: 'Solar lamp', amount: 'UGX 25,000', day: { day: '2026-12-01' } },
        },
      },
      {
        userId,
        type: 'loan_update',
        text: { key: 'notifications:loan.timeToken', values: { loan: 'LN-00042', token: '123 456', count: 1 } },
      },
    ]);
    expect(active!.message).toMatch(/^Ebbanja LN-00042 erya Solar lamp litandise\. .*UGX 25,000 nga .*2026\.$/);
    expect(active!.message).not.toContain('2026-12-01');
    expect(token!.message).toBe("Tokeni y'ebbanja LN-00042: 123 456 eyongerako olunaku 1 olw'okukozesa.");
  });
});
