import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

// The demo customer's confirmed phone, 0772 000001, is approved by the built-in sandbox.
const CUSTOMER = { email: 'customer@ecogrid.demo', password: 'solar lantern at dusk' };

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page) {
  expect((await page.request.post('/api/auth/sign-in/email', { data: CUSTOMER })).ok()).toBe(true);
}

/** Money in the wallet for the checkout, through a sandbox top-up the network approves. */
async function topUp(page: Page, amount: number) {
  const balance = async () => ((await (await page.request.get('/api/wallet')).json()) as { balance: number }).balance;
  const before = await balance();
  const response = await page.request.post('/api/wallet/top-ups', {
    data: { amount, phone: '0772000001', network: 'mtn' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(response.status()).toBe(202);
  await expect.poll(balance, { timeout: 20_000 }).toBe(before + amount);
}

async function addFromProductPage(page: Page, search: string, name: RegExp) {
  await page.goto(`/marketplace?q=${encodeURIComponent(search)}`);
  await page.getByRole('link', { name }).first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Product added to cart' })).toBeVisible();
}

async function chooseAddress(page: Page) {
  await page.getByRole('radio', { name: 'Delivery to my village' }).check();
  await page.getByLabel('District', { exact: true }).selectOption({ label: 'Kampala' });
  await page.getByLabel('Sub-county', { exact: true }).selectOption({ label: 'Kampala Central' });
  await page.getByLabel('Village', { exact: true }).selectOption({ label: 'Church Zone' });
  await page.getByLabel('Directions for the rider (optional)').fill('Blue gate opposite the mosque');
}

test('a customer adds two products, changes a quantity, pays from the wallet and gets the order and its receipt', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  await topUp(page, 2_000_000);
  await addFromProductPage(page, 'sun king lantern', /Sun King/);
  await addFromProductPage(page, 'cookstove', /stove/i);

  await page.getByRole('link', { name: 'Cart: 2 items' }).click();
  await expect(page).toHaveURL('/cart');
  const increase = page.getByRole('button', { name: /^One more / }).first();
  await increase.click();
  await expect(page.getByRole('link', { name: 'Cart: 3 items' })).toBeVisible();
  // Signed in, with the cart, wallet, bell and sign-out in the header, nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await chooseAddress(page);
  await page.getByRole('radio', { name: 'My EcoGrid wallet' }).check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: /^Place order/ }).click();

  await expect(page).toHaveURL(/\/my-orders\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByText('Thank you! Your order is placed and paid.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-\d+$/ })).toBeVisible();
  await expect(page.getByText('Church Zone', { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const receipt = page.getByRole('link', { name: 'Download receipt (PDF)' });
  const href = await receipt.getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/my-orders');
  await expect(page.getByRole('link', { name: /ORD-\d+/ }).first()).toBeVisible();
});

test('a customer pays by mobile money and watches the order turn paid', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await addFromProductPage(page, 'sun king lantern', /Sun King/);
  await page.goto('/checkout');
  // Start once the page has what it loads (the wallet's balance is the last to come).
  await expect(page.getByText(/^Balance: UGX/)).toBeVisible();
  // Tap the option's words, as a customer does.
  await page.getByText('Mobile money', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /^Mobile money/ })).toBeChecked();
  await expect(page.getByLabel('Pay from this number')).toHaveValue(/772\s?000\s?001|0772000001/);
  await chooseAddress(page);
  await expect(page.getByLabel('Village', { exact: true })).toHaveValue(/.+/);
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page.getByText(/asks you on your phone to approve a payment/)).toBeVisible();
  await expect(page.getByText('Payment received: your order is placed')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-sonner-toast]').first()).toContainText(/Payment Update|Order Status Update/);
});
