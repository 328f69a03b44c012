import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mail-receiver.ts';

test('sign up by email, confirm from the mail, sign in and land on the remembered page', async ({ page }) => {
  // Each mail may come on the delivery job's retry (see waitForMail).
  test.setTimeout(90_000);
  const email = `journey.${Date.now()}@example.ug`;
  const password = 'mango tree beside the borehole';

  await page.goto('/cart');
  await expect(page).toHaveURL('/auth?redirect=%2Fcart');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Full name').fill('Sarah Nakato');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('too easy to guess');

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();

  const mail = await waitForMail(process.env.E2E_MAIL_DIR!, email);
  const link = /http:\/\/127\.0\.0\.1:\d+\/email-verification\?token=\S+/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();

  // Signed in by the link; sign out and sign in again through the guard's remembered path.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/marketplace');
  await page.goto('/cart');
  await expect(page).toHaveURL('/auth?redirect=%2Fcart');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password').fill('a wrong password entirely');
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await expect(page.getByRole('alert')).toHaveText('The email, phone number or password is not correct.');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();

  // The link confirms once; opened again it signs nobody in.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  // Opening the link before the sign-out lands would cancel it and find the session still there.
  await expect(page).toHaveURL('/marketplace');
  await page.goto(link!);
  await expect(page.getByText('This email address is already confirmed. Sign in to continue.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // A forged token is refused.
  await page.goto('/email-verification?token=not-a-real-token');
  await expect(page.getByText('This link has expired or was already used.')).toBeVisible();
});
