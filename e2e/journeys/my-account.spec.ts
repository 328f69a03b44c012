import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mail-receiver.ts';

test('my account: change the profile, see the devices signed in, sign the others out', async ({ page, browser }) => {
  // Each mail may come on the delivery job's retry (see waitForMail).
  test.setTimeout(90_000);
  const email = `account.${Date.now()}@example.ug`;
  const password = 'mango tree beside the borehole';
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { email, password, name: 'Auma Grace' } });
  expect(signUp.ok()).toBe(true);
  const token = /\/email-verification\?token=(\S+)/.exec(await waitForMail(process.env.E2E_MAIL_DIR!, email))![1];
  // Confirming through the page's own request context signs this browser in.
  expect((await page.request.get(`/api/auth/verify-email?token=${token}`)).ok()).toBe(true);

  // A second device signs in too.
  const other = await browser.newContext();
  expect((await other.request.post('/api/auth/sign-in/email', { data: { email, password } })).ok()).toBe(true);
  expect((await other.request.get('/api/me')).status()).toBe(200);

  await page.goto('/my-account');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await page.getByLabel('District').fill('Gulu');
  await page.getByLabel('Village').fill('Layibi');
  await page.getByRole('combobox', { name: 'Language' }).last().selectOption('luganda');
  await page.getByRole('button', { name: 'Save' }).click();
  // The language saved is the app's at once.
  await expect(page.locator('html')).toHaveAttribute('lang', 'lg');
  await expect(page.getByText('Kiterekeddwa.')).toBeVisible();
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({
    district: 'Gulu',
    village: 'Layibi',
    preferredLanguage: 'luganda',
  });
  await page.getByRole('banner').getByRole('combobox', { name: 'Olulimi' }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const devices = page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(page.getByText('(This device)')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out of the other devices' }).click();
  await expect(devices).toHaveCount(1);
  expect((await other.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await other.close();
});

test('my account: change the password, and the other device is signed out', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `password.${Date.now()}@example.ug`;
  const password = 'mango tree beside the borehole';
  const newPassword = 'kettle whistles over charcoal';
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { email, password, name: 'Opio Daniel' } });
  expect(signUp.ok()).toBe(true);
  const token = /\/email-verification\?token=(\S+)/.exec(await waitForMail(process.env.E2E_MAIL_DIR!, email))![1];
  expect((await page.request.get(`/api/auth/verify-email?token=${token}`)).ok()).toBe(true);
  const other = await browser.newContext();
  expect((await other.request.post('/api/auth/sign-in/email', { data: { email, password } })).ok()).toBe(true);

  await page.goto('/my-account');
  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel('Current password').fill(password);
  await section.getByLabel('New password').fill(newPassword);
  await section.getByRole('button', { name: 'Change password' }).click();
  // Checking the old password and hashing the new one take a moment by design.
  await expect(section.getByText('Your other devices are signed out.')).toBeVisible({ timeout: 15_000 });

  expect((await other.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem')).toHaveCount(1);
  await other.close();
});
