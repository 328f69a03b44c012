import { formatUgx } from '@ecogrid/core';
import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin } from '../../../test/catalog-admin.ts';
import { creditCustomer } from '../../../test/loan-helpers.ts';
import { download as fetchFile, pdfText } from '../../../test/downloads.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { HOUSE_ACCOUNTS, postJournal } from './ledger.service.ts';

const app = appWithAdmin();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

const today = () => kampalaDate(new Date());

async function download(path: string, cookie: string | undefined) {
  const { status, headers, bytes } = await fetchFile(ctx, path, cookie);
  return { status, headers, text: status === 200 ? pdfText(bytes) : '' };
}

/** A customer funded 600,000 and then topped up 50,000, today. */
async function customerWithHistory() {
  const customer = await creditCustomer(ctx, { wallet: 600_000 });
  expect((await customer.api.patch('/api/me', { fullName: 'Okello Peter' })).status).toBe(200);
  await ctx.db.transaction((tx) =>
    postJournal(tx, {
      idempotencyKey: `second:${customer.id}`,
      kind: 'wallet_topup',
      description: 'Top-up by MTN Mobile Money',
      postings: [
        { account: HOUSE_ACCOUNTS.clearing.mtn, amount: -50_000 },
        { wallet: customer.id, amount: 50_000 },
      ],
    }),
  );
  return customer;
}

describe('wallet statement', () => {
  it('opens with the balance before the range, lists its postings and closes with the balance after', async () => {
    const customer = await customerWithHistory();
    const now = await download(`/api/wallet/statement.pdf?from=${today()}&to=${today()}`, customer.api.cookie);
    expect(now.status).toBe(200);
    expect(now.headers.get('content-disposition')).toContain(`EcoGrid-wallet-${today()}-to-${today()}.pdf`);
    expect(now.text).toContain('Wallet statement');
    expect(now.text).toContain(`From ${today()} to ${today()}`);
    expect(now.text).toContain('Customer: Okello Peter');
    const { accountNumber } = (await customer.api.get('/api/me')).body as { accountNumber: string };
    expect(now.text).toContain(`Account number (for paying by mobile money): ${accountNumber}`);
    expect(now.text).toContain(`Opening balance\n${formatUgx(0)}`);
    expect(now.text).toContain(`${today()}\nTest funding\n${formatUgx(600_000)}\n${formatUgx(600_000)}`);
    expect(now.text).toContain(`${today()}\nTop-up by MTN Mobile Money\n${formatUgx(50_000)}\n${formatUgx(650_000)}`);
    expect(now.text).toContain(`Money in\n${formatUgx(650_000)}`);
    expect(now.text).toContain(`Money out\n${formatUgx(0)}`);
    expect(now.text).toContain(`Closing balance\n${formatUgx(650_000)}`);

    const later = await download(
      `/api/wallet/statement.pdf?from=${addDays(today(), 1)}&to=${addDays(today(), 30)}`,
      customer.api.cookie,
    );
    expect(later.text).toContain(`Opening balance\n${formatUgx(650_000)}`);
    expect(later.text).toContain('None yet');
    expect(later.text).not.toContain('Top-up by MTN');
    expect(later.text).toContain(`Closing balance\n${formatUgx(650_000)}`);
  });

  it('is in the customer’s language', async () => {
    const customer = await customerWithHistory();
    await customer.api.patch('/api/me', { preferredLanguage: 'luganda' });
    const text = (await download(`/api/wallet/statement.pdf?from=${today()}&to=${today()}`, customer.api.cookie)).text;
    expect(text).toContain('Sitetimenti ya waleti');
    expect(text).toContain(`Okuva ${today()} okutuuka ${today()}`);
  });

  it('refuses bad, reversed and over-a-year ranges with 422 and a missing date with 400', async () => {
    const customer = await creditCustomer(ctx);
    const status = async (query: string) =>
      (await download(`/api/wallet/statement.pdf?${query}`, customer.api.cookie)).status;
    expect(await status('from=2026-03-01&to=2026-02-01')).toBe(422);
    expect(await status('from=2026-02-30&to=2026-03-01')).toBe(422);
    expect(await status('from=01-02-2026&to=2026-03-01')).toBe(422);
    expect(await status('from=2025-01-01&to=2026-01-02')).toBe(422);
    expect(await status('from=2024-01-01&to=2024-12-31')).toBe(200);
    expect(await status('from=2026-01-01')).toBe(400);
    expect((await download('/api/wallet/statement.pdf?from=2026-01-01&to=2026-01-02', undefined)).status).toBe(401);
  });

  it('is read by admins for any customer, and by no one else through the admin route', async () => {
    const customer = await customerWithHistory();
    const path = (id: string) => `/api/admin/users/${id}/wallet/statement.pdf?from=${today()}&to=${today()}`;
    const byAdmin = await download(path(customer.id), app.admin.api.cookie);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.text).toContain('Customer: Okello Peter');
    expect(byAdmin.text).toContain(`Closing balance\n${formatUgx(650_000)}`);
    expect((await download(path('no-such-user'), app.admin.api.cookie)).status).toBe(404);
    expect((await download(path(customer.id), customer.api.cookie)).status).toBe(403);
    expect(
      (
        await download(
          `/api/admin/users/${customer.id}/wallet/statement.pdf?from=2026-02-01&to=2026-01-01`,
          app.admin.api.cookie,
        )
      ).status,
    ).toBe(422);
  });
});
