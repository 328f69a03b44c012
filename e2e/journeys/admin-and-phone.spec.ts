import { expect, test } from '@playwright/test';
import {
  ADMIN,
  adminSignIn,
  codeFor,
  deliverWithDevice,
  firstPickupPoint,
  saveAdminKey,
  signIn,
} from '../support/admin-session.ts';
import { fillIdentityCheck } from '../support/identity-check.ts';
import { expectGoodScreen } from '../support/screen-check.ts';
import { watchPolicy } from '../support/policy-watch.ts';

test.describe.configure({ mode: 'serial' });

let adminKey = '';
const signInAdmin = adminSignIn(() => adminKey);

test('an admin sets up an authenticator app, then reaches /system-audit', async ({ page }) => {
  await page.goto('/system-audit');
  await expect(page).toHaveURL('/auth?redirect=%2Fsystem-audit');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL('/system-audit');
  await expect(page.getByRole('alert')).toContainText('Admins must set up two-step sign-in with an authenticator app');

  await page.getByRole('link', { name: 'My account' }).last().click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await page.getByLabel('Your password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  adminKey = (await page.getByTestId('totp-key').textContent()) ?? '';
  expect(adminKey).toMatch(/^[A-Z2-7 ]{16,}$/);

  await page.getByLabel('The 6-digit code the app shows').fill('000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not correct. Check it and try again.');
  await page.getByLabel('The 6-digit code the app shows').fill(codeFor(adminKey));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your backup codes' })).toBeVisible();
  await expect(page.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Authenticator app: set up.')).toBeVisible();
  saveAdminKey(adminKey);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();
  await expect(page.getByText('Everything is working')).toBeVisible();
  await expect(page.getByText('Admins must set up two-step sign-in')).toHaveCount(0);

  // The background jobs: the delivery queues and the daily task, which runs on request.
  await page.getByRole('link', { name: 'Background jobs' }).click();
  await expect(page).toHaveURL('/admin/jobs');
  await expect(page.getByRole('heading', { name: 'Email delivery' })).toBeVisible();
  await expect(page.getByText('No failed jobs: every job has succeeded or is still being retried.')).toBeVisible();
  await page.getByRole('listitem', { name: 'Daily cleanup' }).getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText('The task will run in a moment.')).toBeVisible();

  // System testing: Run now checks what the app depends on; the run shows each check in words.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'System testing' }).click();
  await expect(page).toHaveURL('/system-testing');
  await page.getByRole('button', { name: 'Run the checks now' }).click();
  await expect(page.getByText(/^Checks done: \d+ passed/)).toBeVisible({ timeout: 60_000 });
  const latest = page.getByRole('region', { name: 'Latest run' });
  const database = latest
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Database and migrations' }) });
  await expect(database).toContainText('Passed');
  await expect(page.getByRole('list', { name: 'All runs' }).getByRole('listitem').first()).toContainText('Run now by');
  await expectGoodScreen(page);

  // The system log: money movements and admin actions, named, filtered to money, as CSV.
  await page.goto('/system-audit');
  await expect(page.getByRole('heading', { level: 1, name: 'System log' })).toBeVisible();
  const log = page.getByRole('list', { name: 'System log' });
  await expect(log.getByRole('listitem').first()).toBeVisible();
  await page.getByLabel('Show').selectOption({ label: 'Money movements' });
  await expect(log.getByRole('listitem').first()).toContainText('money.');
  const csv = await page.request.get((await page.getByRole('link', { name: 'Download as CSV' }).getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split('\r\n')[0]).toBe(
    'at,source,who,role,action,record_type,record_id,reason_or_description,amount_ugx,details,ip_address',
  );
  await expectGoodScreen(page);
});

test('a customer signs up by phone with the SMS code an admin reads in the outbox', async ({ page, browser }) => {
  const subscriber = String(100_000 + Math.floor(Math.random() * 900_000));
  const local = `0772${subscriber}`;
  const e164 = `+256772${subscriber}`;
  const password = 'mango tree beside the borehole';

  await page.goto('/my-account');
  await expect(page).toHaveURL('/auth?redirect=%2Fmy-account');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Full name').fill('Nambi Grace');
  await page.getByLabel('Email or phone number').fill(local);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your phone number' })).toBeVisible();
  await expect(page.getByText(`We texted a 6-digit code to ${e164}.`)).toBeVisible();

  // No SMS provider is configured, so the message waits in the outbox for an admin.
  const admin = await signInAdmin(browser, '/admin/outbox');
  await admin.getByLabel('Recipient').fill(e164);
  const message = admin.getByText(/EcoGrid: your code is \d{6}/).first();
  await expect(message).toBeVisible();
  const code = /your code is (\d{6})/.exec((await message.textContent()) ?? '')?.[1];
  expect(code).toBeTruthy();

  await page.getByLabel('Code from the SMS').fill(code!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/my-account');
  await expect(page.getByText(`Your number: ${e164}`)).toBeVisible();

  // Signed out, the number and password sign in again.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.goto('/auth');
  await signIn(page, local, password);
  await expect(page).toHaveURL('/marketplace');
});

test("an admin's notification reaches the signed-in customer at once: a toast, the bell and the inbox", async ({
  page,
  browser,
}) => {
  await page.goto('/auth?redirect=%2Finbox');
  await signIn(page, 'customer@ecogrid.demo', ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  const before = Number(/(\d+) unread/.exec((await page.getByRole('status').first().textContent()) ?? '')?.[1] ?? 0);

  const admin = await signInAdmin(browser, '/system-audit');
  const users = await admin.request.get('/api/admin/users?q=customer%40ecogrid.demo');
  const customerId = ((await users.json()) as { items: { id: string }[] }).items[0]?.id;
  expect(customerId).toBeTruthy();
  const sent = await admin.request.post('/api/admin/notifications', {
    data: {
      userId: customerId,
      type: 'order_update',
      title: 'Order Status Update',
      message: 'Order A1B2 status: shipped',
    },
  });
  expect(sent.status()).toBe(201);

  // No reload: the event stream brings it.
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toContainText('Order Status Update');
  await expect(toast).toContainText('Order A1B2 status: shipped');
  await expect(
    page.getByRole('main').getByRole('listitem').filter({ hasText: 'Order A1B2 status: shipped' }),
  ).toBeVisible();
  await expect(page.getByText(`${before + 1} unread`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Notifications, ${before + 1} unread` })).toBeVisible();

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('0 unread')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
});

test('an admin ships an order and the customer, on the order page, sees the toast and the new status', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await page.goto('/auth?redirect=%2Fmy-orders');
  await signIn(page, 'customer@ecogrid.demo', ADMIN.password);
  await expect(page).toHaveURL('/my-orders');
  // An order paid from the wallet, placed through the API as the checkout page does.
  const topUp = await page.request.post('/api/wallet/top-ups', {
    data: { amount: 100_000, phone: '0772000001', network: 'mtn' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(topUp.status()).toBe(202);
  await expect
    .poll(async () => ((await (await page.request.get('/api/wallet')).json()) as { balance: number }).balance, {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(100_000);
  const products = (await (await page.request.get('/api/catalog/products?q=lantern&limit=1')).json()) as {
    items: { id: string }[];
  };
  expect((await page.request.post('/api/cart/items', { data: { productId: products.items[0]!.id } })).status()).toBe(
    201,
  );
  const placed = await page.request.post('/api/orders', {
    data: { fulfilment: 'pickup', pickupPointId: await firstPickupPoint(page), payment: { method: 'wallet' } },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(placed.status()).toBe(201);
  const order = ((await placed.json()) as { order: { id: string; number: string } }).order;
  await page.goto(`/my-orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();

  const admin = await signInAdmin(browser, `/admin/orders/${order.id}`);
  for (const [move, confirm] of [
    ['Start preparing', 'Yes, start preparing'],
    ['Mark as shipped', 'Yes, mark as shipped'],
  ]) {
    await admin.getByRole('button', { name: move }).click();
    await admin.getByRole('button', { name: confirm }).click();
  }
  await expect(admin.getByText(`${order.number} is now “On the way”.`)).toBeVisible();

  // No reload: the event stream brings the change to the customer's page.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `Order ${order.number} status: shipped` });
  await expect(toast).toContainText('Order Status Update');
  await expect(page.getByRole('main').getByText('On the way').first()).toBeVisible();
});

test('a customer completes the identity check on a phone, an admin approves, and the customer sees it verified without reloading', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The photo steps shrink the photos in a worker; nothing may be refused or fetched from elsewhere.
  const problems = watchPolicy(page, new URL(baseURL!).origin);
  await page.goto('/auth?redirect=%2Fmy-account');
  await signIn(page, 'customer@ecogrid.demo', ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Identity check' })).toBeVisible();
  await page.getByRole('link', { name: 'Verify your identity' }).click();
  await expect(page).toHaveURL('/kyc');
  await expect(page.getByText('0% complete')).toBeVisible();

  await fillIdentityCheck(page, { fullName: 'Nakato Sarah', born: '1990-04-12', nin: 'CF90 0123 4567 8X' });
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(problems).toEqual([]);

  await page.getByRole('button', { name: 'Submit for checking' }).click();
  const status = page.getByTestId('kyc-status');
  await expect(status).toHaveText('Being checked');

  const admin = await signInAdmin(browser, '/admin/kyc');
  await admin.getByRole('article').filter({ hasText: 'Nakato Sarah' }).getByRole('link').first().click();
  await expect(admin.getByText('CF90012345678X')).toBeVisible();
  await admin.getByRole('button', { name: 'Approve' }).click();

  // No reload: the decision comes over the event stream.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Identity verified' })).toBeVisible();
  await expect(status).toHaveText('Verified');
  await expect(page.getByText('Your identity is verified. You can buy on credit.')).toBeVisible();
});

test('the verified customer buys a solar home system on credit, pays the deposit and repays by mobile money, and gets a token each time and the unlock token at the end', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto('/auth?redirect=%2Fmarketplace');
  await signIn(page, 'customer@ecogrid.demo', ADMIN.password);
  await expect(page).toHaveURL('/marketplace');

  // The product page shows the plan's terms and every payment date before anything is bought.
  await page.goto(`/marketplace?q=${encodeURIComponent('Sun King Home 60')}`);
  await page
    .getByRole('link', { name: /Sun King Home 60/ })
    .first()
    .click();
  const credit = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Buy on credit' }) });
  await expect(credit.getByRole('radio', { name: /^12 months/ })).toBeChecked();
  await expect(credit.getByText('Total cost of credit')).toBeVisible();
  await expect(credit.getByText('UGX 812,500')).toBeVisible();
  await credit.getByText('See all 12 payment dates').click();
  await expect(credit.getByRole('listitem')).toHaveCount(12);
  await credit.getByRole('button', { name: 'Buy on credit' }).click();
  await expect(credit.getByText('Added to your cart, to buy on credit.')).toBeVisible();

  // Checkout: accept the terms, the deposit by mobile money from the customer's own phone.
  await page.goto('/checkout');
  await expect(page.getByText(/^Balance: UGX/)).toBeVisible();
  await page.getByLabel('I accept these credit terms').check();
  await page.getByText('Mobile money', { exact: true }).click();
  await page.getByRole('radio', { name: 'Delivery to my village' }).check();
  await page.getByLabel('District', { exact: true }).selectOption({ label: 'Kampala' });
  await page.getByLabel('Sub-county', { exact: true }).selectOption({ label: 'Kampala Central' });
  await page.getByLabel('Village', { exact: true }).selectOption({ label: 'Church Zone' });
  await page.getByRole('button', { name: /^Apply for credit · UGX 162,500 due now/ }).click();
  await expect(page).toHaveURL(/\/customer\/loan/);

  // The sandbox approves the deposit; the loan turns active and its schedule is fixed.
  const loanLink = page.getByRole('link', { name: /Sun King Home 60/ }).first();
  await expect(page.getByText('Active').first()).toBeVisible({ timeout: 30_000 });
  await loanLink.click();
  await expect(page.getByRole('heading', { name: 'Payment schedule' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(13);
  await expect(page.getByText('The device is assigned when it is delivered.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const loanUrl = page.url();

  // An admin delivers the order, which gives the loan a device and its first token.
  const admin = await signInAdmin(browser, '/admin/orders');
  const listed = (await (await admin.request.get('/api/admin/orders?status=paid&limit=5')).json()) as {
    items: { id: string; total: number }[];
  };
  const order = listed.items.find((o) => o.total === 812_500)!;
  // The unit handed over is one the admin picks (the last serial listed), not the one the registry
  // would take by itself (the oldest).
  // Only a unit of the product bought (Sun King Home 60) may go with its loan.
  const bought = (await (await admin.request.get(`/api/admin/orders/${order.id}`)).json()) as {
    lines: { productId: string }[];
  };
  const inStock = (await (
    await admin.request.get(`/api/admin/devices?status=in_stock&productId=${bought.lines[0]!.productId}&limit=100`)
  ).json()) as {
    items: { serialNumber: string }[];
  };
  const serial = inStock.items.at(-1)!.serialNumber;
  await admin.goto(`/admin/orders/${order.id}`);
  await deliverWithDevice(admin, serial);
  await expect(admin.getByText(/is now “Delivered”/)).toBeVisible();

  await page.goto(loanUrl);
  await expect(page.getByText('Your newest token')).toBeVisible();
  await expect(page.getByText(`Device serial number: ${serial}`, { exact: true })).toBeVisible();

  // A repayment of the first instalment by mobile money: a second token.
  const pay = async (amount: number) => {
    await page.getByLabel('Amount to pay (UGX)').fill(String(amount));
    await page.getByText('Mobile money', { exact: true }).click();
    await page.getByRole('button', { name: /^Pay UGX/ }).click();
    await expect(page.getByText(`Payment received: UGX ${amount.toLocaleString('en-US')}`)).toBeVisible({
      timeout: 30_000,
    });
  };
  await pay(54_167);
  await expect(page.getByText('1 earlier token')).toBeVisible();
  await expect(page.getByText(/^Adds \d+ days? of use$/)).toBeVisible();

  // Paying off the rest: the unlock token, and the device is the customer's.
  const owed = (
    (await (await page.request.get(loanUrl.replace(/.*\/customer\/loan\//, '/api/loans/'))).json()) as {
      outstanding: number;
    }
  ).outstanding;
  await pay(owed);
  await expect(
    page.getByText('Your loan is paid off. Enter the unlock token: the device is yours for good.'),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByText('Unlock token', { exact: true })).toBeVisible();
  await expect(page.getByText('Paid off').first()).toBeVisible();

  // The admin's portfolio counts it among the loans paid off, and the loan shows its tokens.
  await admin.goto('/admin/loans?status=completed');
  await expect(admin.getByRole('heading', { name: 'Portfolio', exact: true })).toBeVisible();
  await admin
    .getByRole('link', { name: /^LN-\d{6}$/ })
    .first()
    .click();
  await expect(admin.getByText('Demo Customer').first()).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The device registry: the loan's device, unlocked for good, with every token it took.
  await admin
    .getByRole('link', { name: /^DEMO\d{6}$/ })
    .first()
    .click();
  await expect(admin).toHaveURL(/\/admin\/devices\?serial=DEMO\d{6}$/);
  const device = admin.getByRole('article', { name: /^DEMO\d{6}$/ });
  await expect(device).toHaveCount(1);
  await expect(device.getByText('Unlocked for good')).toBeVisible();
  await device.getByRole('button', { name: 'Tokens' }).click();
  await expect(device.getByText(/^Unlocks for good/)).toBeVisible();
  await expect(device.getByText(/^Adds days/)).toHaveCount(2);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
