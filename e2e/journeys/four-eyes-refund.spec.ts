import { expect, test, type Page } from '@playwright/test';
import { adminSignIn, enterAuthenticatorCode, setUpAuthenticator, signIn } from '../support/admin-session.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// Decision 020: a refund above the four-eyes amount (UGX 500,000 unless a full admin changed it)
// waits until a second staff member with the right to change payments approves it.
const CUSTOMER = { email: 'customer@ecogrid.demo', password: 'solar lantern at dusk' };
const FINANCE = { email: 'finance@ecogrid.demo', password: 'solar lantern at dusk' };
const AMOUNT = 750_000;

const signInAdmin = adminSignIn();
const post = (page: Page, url: string, data: object, headers: Record<string, string> = {}) =>
  page.request.post(url, { data, headers: { origin: new URL(page.url()).origin, ...headers } });

/** The demo customer tops the wallet up by UGX 750,000 through the sandbox; answers the payment once it succeeded. */
async function largeTopUp(page: Page): Promise<{ id: string; reference: string }> {
  await page.goto('/');
  expect((await post(page, '/api/auth/sign-in/email', CUSTOMER)).ok()).toBe(true);
  const started = await post(
    page,
    '/api/wallet/top-ups',
    { amount: AMOUNT, phone: '0772000001', network: 'mtn' },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  expect(started.status(), await started.text()).toBe(202);
  const payment = (await started.json()) as { id: string; reference: string };
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/payments/${payment.id}`)).json()) as { status: string }).status,
      {
        timeout: 20_000,
      },
    )
    .toBe('successful');
  return payment;
}

/** Sets up the finance officer's authenticator app through the same calls My account makes, then signs them in. */
async function signInFinance(page: Page, to: string) {
  await page.goto(`/auth?redirect=${encodeURIComponent(to)}`);
  const key = await setUpAuthenticator(page, FINANCE);
  await page.goto(`/auth?redirect=${encodeURIComponent(to)}`);
  await signIn(page, FINANCE.email, FINANCE.password);
  await enterAuthenticatorCode(page, key, to);
}

test('a refund above the threshold waits for a second approver', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const payment = await largeTopUp(page);
  const balance = async () => ((await (await page.request.get('/api/wallet')).json()) as { balance: number }).balance;
  const before = await balance();
  const paymentPage = `/admin/payments/${payment.id}`;

  // A full admin asks to send the top-up back: it waits, and nothing moves.
  const admin = await signInAdmin(browser, paymentPage);
  await expect(admin.getByRole('heading', { level: 1, name: payment.reference })).toBeVisible();
  await admin.getByRole('radio', { name: /Send back to mobile money/ }).check();
  await admin.getByLabel('Reason (kept in the audit log)').fill('Paid twice by mistake, checked with MTN');
  await admin.getByRole('button', { name: 'Continue' }).click();
  await admin.getByRole('button', { name: 'Yes, send it back' }).click();
  await expect(
    admin.getByText(
      'The refund of UGX 750,000 waits for a second staff member to approve it under Approvals. Nothing moved yet.',
    ),
  ).toBeVisible();
  await expectGoodScreen(admin);
  const audit = admin.getByRole('region', { name: 'Admin actions' });
  await expect(audit.getByText('payment.refund')).toHaveCount(0);
  expect(await balance()).toBe(before);

  // The one who asked sees the request under Approvals, but no way to approve it.
  await admin.goto('/admin/approvals');
  await expect(
    admin.getByText('Refunds and write-offs above UGX 500,000 wait for a second staff member.'),
  ).toBeVisible();
  await expect(admin.getByLabel('New amount (UGX)')).toHaveValue('500000');
  const ownCard = admin.getByRole('article', { name: `Refund of payment ${payment.reference}` });
  await expect(ownCard).toContainText('You asked for this');
  await expect(ownCard.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectGoodScreen(admin);
  const approvals = (await (await admin.request.get('/api/admin/approvals')).json()) as {
    items: { id: string; subjectLabel: string }[];
  };
  const request = approvals.items.find((item) => item.subjectLabel === `Refund of payment ${payment.reference}`)!;
  const own = await post(
    admin,
    `/api/admin/approvals/${request.id}/approve`,
    {},
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  expect(own.status()).toBe(403);
  expect(await balance()).toBe(before);

  // A finance officer approves it: the money goes back now.
  const finance = await (await browser.newContext()).newPage();
  await signInFinance(finance, '/admin/approvals');
  await expect(finance.getByText('Only a full admin can change this amount.')).toBeVisible();
  const card = finance.getByRole('article', { name: `Refund of payment ${payment.reference}` });
  await expect(card).toContainText('UGX 750,000');
  await expect(card).toContainText('Demo Admin');
  await expectGoodScreen(finance);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(
    finance.getByText(`Refund of payment ${payment.reference} approved: the money moves now.`),
  ).toBeVisible();

  // The payment page shows the refund, by the finance officer, and offers none again.
  await finance.goto(paymentPage);
  const trail = finance.getByRole('region', { name: 'Admin actions' });
  await expect(trail.getByRole('listitem').filter({ hasText: 'payment.refund' })).toContainText('Demo Finance Officer');
  await expect(finance.getByRole('heading', { name: 'Resolve this payment' })).toHaveCount(0);
  await expectGoodScreen(finance);
  expect(await balance()).toBe(before - AMOUNT);
});
