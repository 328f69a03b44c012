import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#src/db/schema/payments.ts';
import { send, signUpByPhoneAndVerify } from '../../../test/auth-helpers.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';

describe('mobile-money networks', () => {
  describe('with the sandbox on (outside production by default)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(async () => ctx.close());

    it('says payments are test money, for anyone to read', async () => {
      const response = await ctx.request('/api/mobile-money/networks');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        testMoney: true,
        paybillNumber: null,
        networks: [
          { network: 'mtn', name: 'MTN Mobile Money', mode: 'sandbox' },
          { network: 'airtel', name: 'Airtel Money', mode: 'sandbox' },
        ],
      });
    });
  });

  describe('with the sandbox off and no network configured', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ settings: { MOBILE_MONEY_SANDBOX: false } });
    });
    afterAll(async () => ctx.close());

    it('offers no network and takes no test money', async () => {
      const response = await ctx.request('/api/mobile-money/networks');
      expect(await response.json()).toMatchObject({
        testMoney: false,
        networks: [{ mode: 'off' }, { mode: 'off' }],
      });

      const me = await signUpByPhoneAndVerify(ctx);
      const [before] = await ctx.db.select({ n: count() }).from(payments);
      const topUp = await ctx.request('/api/wallet/top-ups', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: TEST_ORIGIN,
          cookie: me.cookie,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ amount: 5_000_000, phone: me.local, network: 'airtel' }),
      });
      expect(topUp.status).toBe(422);
      expect(await topUp.json()).toEqual({
        error: {
          code: 'network_unavailable',
          message: 'Airtel Money is not available for payments. Choose another network or pay from your wallet.',
        },
      });
      const [after] = await ctx.db.select({ n: count() }).from(payments);
      expect(after!.n).toBe(before!.n);
      const wallet = (await (await send(ctx, '/api/wallet', undefined, { cookie: me.cookie })).json()) as {
        balance: number;
        sandbox: boolean;
      };
      expect(wallet).toMatchObject({ balance: 0, sandbox: false });
    });
  });
});
