import { describe, expect, it } from 'vitest';
import { appWithAdmin } from '../../../test/catalog-admin.ts';
import { applyFor, creditCustomer, deliver, importDevices, systemOnCredit } from '../../../test/loan-helpers.ts';

const app = appWithAdmin();

describe('the transformation plan', () => {
  it('counts units sold, households, and the energy, kerosene and CO2 of the days of power bought', async () => {
    const { ctx, admin } = app;
    // Two households each buy a home system on credit, paying the deposit from the wallet; only
    // the first unit is delivered, so only it has a token: the deposit's days.
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const first = await creditCustomer(ctx, { wallet: 300_000 });
    const second = await creditCustomer(ctx, { wallet: 300_000 });
    const firstLoan: string = (await applyFor(first, product.id, plan.id)).body.loans[0].id;
    await applyFor(second, product.id, plan.id);
    const orderId: string = (await first.api.get('/api/me/dashboard')).body.ordersOnTheirWay[0].id;
    const [serial] = await importDevices(ctx, admin.api, product.sku);
    expect((await deliver(admin.api, orderId, serial)).status).toBe(200);
    const days: number = (await first.api.get(`/api/loans/${firstLoan}`)).body.depositDays;

    const answer = await ctx.request('/api/transformation-plan');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    // By hand: a home system gives 100 Wh a day; a household-day lit by solar saves 0.15 litres
    // of kerosene, and a litre burned gives 2.5 kg of CO2.
    expect(await answer.json()).toMatchObject({
      unitsSold: 2,
      householdsServed: 2,
      powerDays: days,
      kwhDelivered: Math.round(days * 100 * 0.01) / 10,
      keroseneLitresAvoided: Math.round(days * 0.15 * 10) / 10,
      co2KgAvoided: Math.round(days * 0.15 * 2.5),
      method: { whPerDayByCategory: { 'solar-home-systems': 100 }, keroseneLitresPerHouseholdDay: 0.15 },
    });
  });
});
