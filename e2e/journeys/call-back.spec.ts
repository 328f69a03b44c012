import { expect, test } from '@playwright/test';
import { adminSignIn } from '../support/admin-session.ts';
import { expectGoodScreen } from '../support/screen-check.ts';
import { dialUssd } from '../support/ussd-phone.ts';

const signInAdmin = adminSignIn();

test('a customer asks by USSD to be called back, and an admin calls and marks it handled', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  // The demo customer's first session: English, then 5 Talk to us, then 2 a device or token.
  expect(await dialUssd(page.request, '+256772000001', ['1', '5', '2'])).toContain('Thank you.');

  const admin = await signInAdmin(browser, '/admin/support-requests');
  await expect(admin).toHaveTitle('Call-back requests · EcoGrid');
  const card = admin.getByRole('article', { name: 'Demo Customer' });
  await expect(card).toContainText('A device or token');
  await expect(card.getByRole('link', { name: '0772 000001' })).toHaveAttribute('href', 'tel:+256772000001');
  await expectGoodScreen(admin);

  await card.getByRole('button', { name: 'Mark handled' }).click();
  await card.getByLabel('Note (optional)').fill('Sent the token again');
  await card.getByRole('button', { name: 'Save as handled' }).click();
  await expect(admin.getByText('The request from Demo Customer is marked handled.')).toBeVisible();
  await expect(admin.getByText('No customer is waiting for a call.')).toBeVisible();

  await admin.getByRole('tab', { name: 'Handled' }).click();
  const handled = admin.getByRole('article', { name: 'Demo Customer' });
  await expect(handled).toContainText('Demo Admin');
  await expect(handled).toContainText('Sent the token again');
  await expectGoodScreen(admin);
});
