import { expect, test } from '@playwright/test';

// The demo customer's confirmed phone, 0772 000001, is approved by the built-in sandbox.
const CUSTOMER = { email: 'customer@ecogrid.demo', password: 'solar lantern at dusk' };

test('a customer tops up the wallet through the mobile-money sandbox and sees the balance and the toast', async ({
  page,
}) => {
  expect((await page.request.post('/api/auth/sign-in/email', { data: CUSTOMER })).ok()).toBe(true);
  const before = ((await (await page.request.get('/api/wallet')).json()) as { balance: number }).balance;

  await page.goto('/wallet');
  await expect(page).toHaveURL('/customer/wallet');
  await expect(page.getByText('Sandbox: no real money')).toBeVisible();

  const form = page.getByRole('region', { name: 'Top up' });
  await expect(form.getByLabel('Pay from this number')).toHaveValue(/772\s?000\s?001|0772000001/);
  await expect(form.getByRole('radio', { name: 'MTN Mobile Money' })).toBeChecked();
  await form.getByLabel('Amount to add (UGX)').fill('50000');
  await form.getByRole('button', { name: 'Top up' }).click();

  // Pending while the network waits for approval, then the result arrives over the event stream.
  await expect(page.getByText('Approve the payment on your phone')).toBeVisible();
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toContainText('Payment Update', { timeout: 20_000 });
  await expect(toast).toContainText('Payment successful: UGX 50,000');
  await expect(page.getByText('Top-up successful')).toBeVisible();

  const balance = `UGX ${(before + 50_000).toLocaleString('en-US')}`;
  await expect(page.getByTestId('wallet-balance')).toHaveText(balance);
  const statement = page.getByRole('region', { name: 'Statement' });
  await expect(statement.getByRole('listitem').first()).toContainText('UGX 50,000');
  await expect(statement.getByRole('listitem').first()).toContainText(`Balance ${balance}`);
});
