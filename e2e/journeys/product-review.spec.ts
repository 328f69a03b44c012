import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { adminSignIn } from '../support/admin-session.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// The demo customer's confirmed phone, 0772 000001, is approved by the built-in sandbox.
const CUSTOMER = { email: 'customer@ecogrid.demo', password: 'solar lantern at dusk' };
const signInAdmin = adminSignIn();

/** The demo customer buys one `search` product from the wallet; the order's id and the product's. */
async function buy(page: Page, search: string) {
  expect((await page.request.post('/api/auth/sign-in/email', { data: CUSTOMER })).ok()).toBe(true);
  const list = (await (await page.request.get(`/api/catalog/products?q=${encodeURIComponent(search)}`)).json()) as {
    items: { id: string; name: string; price: number }[];
  };
  const product = list.items[0]!;
  const topUp = await page.request.post('/api/wallet/top-ups', {
    data: { amount: product.price, phone: '0772000001', network: 'mtn' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(topUp.status()).toBe(202);
  await page.request.delete('/api/cart');
  expect((await page.request.post('/api/cart/items', { data: { productId: product.id } })).status()).toBe(201);
  await expect
    .poll(
      async () => {
        const placed = await page.request.post('/api/orders', {
          data: {
            fulfilment: 'delivery',
            address: { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone' },
            payment: { method: 'wallet' },
          },
          headers: { 'idempotency-key': randomUUID() },
        });
        return placed.status() === 201
          ? ((await placed.json()) as { order: { id: string } }).order.id
          : placed.status();
      },
      { timeout: 20_000 },
    )
    .toMatch(/^[0-9a-f-]{36}$/);
  const orders = (await (await page.request.get('/api/orders')).json()) as { items: { id: string }[] };
  return { orderId: orders.items[0]!.id, product };
}

test('a customer rates the product delivered to them, and anyone reads it and can share the product', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { orderId, product } = await buy(page, 'cookstove');

  // Before delivery, the page says when they may review it.
  await page.goto(`/product/${product.id}`);
  await expect(page.getByText('You can review this product once it has been delivered to you.')).toBeVisible();

  const admin = await signInAdmin(browser, '/admin/orders');
  for (const status of ['processing', 'shipped', 'delivered']) {
    const moved = await admin.request.post(`/api/admin/orders/${orderId}/status`, {
      data: { status },
      headers: { origin: new URL(admin.url()).origin },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  await page.reload();
  const form = page.getByRole('group', { name: 'Rate this product' });
  await form.getByRole('radio', { name: '4 stars' }).check();
  await page.getByLabel('What you think of it (optional)').fill('Cooks fast and uses little charcoal');
  await page.getByRole('button', { name: 'Save review' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Thank you for your review' })).toBeVisible();
  const reviews = page.getByRole('list', { name: 'What customers say' });
  await expect(reviews).toContainText('Cooks fast and uses little charcoal');
  await expect(page.getByRole('group', { name: 'Your review' })).toBeVisible();
  await expectGoodScreen(page);

  const share = page.getByRole('link', { name: /^Share on WhatsApp/ });
  expect(new URL((await share.getAttribute('href'))!).searchParams.get('text')).toContain(`/product/${product.id}`);

  // A visitor who is not signed in reads it, signed by first name and initial.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/product/${product.id}`);
  await expect(visitor.getByRole('list', { name: 'What customers say' })).toContainText(
    'Cooks fast and uses little charcoal',
  );
  await expect(visitor.getByRole('button', { name: 'Save review' })).toHaveCount(0);
});
