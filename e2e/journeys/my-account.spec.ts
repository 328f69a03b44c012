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
  await expect(page.getByText('Saved.')).toBeVisible();
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({
    district: 'Gulu',
    village: 'Layibi',
    preferredLanguage: 'luganda',
  });

  const devices = page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(page.getByText('(This device)')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out of the other devices' }).click();
  await expect(devices).toHaveCount(1);
  expect((await other.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await other.close();
});
