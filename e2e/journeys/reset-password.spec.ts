import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mail-receiver.ts';

test('forgot password: the mailed link sets a new password once, and the new password signs in', async ({
  page,
  request,
}) => {
  // Each mail may come on the delivery job's retry (see waitForMail).
  test.setTimeout(150_000);
  const email = `reset.${Date.now()}@example.ug`;
  const mailDir = process.env.E2E_MAIL_DIR!;
  // An account with a confirmed address, made through the API.
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password: 'mango tree beside the borehole', name: 'Okello James' },
  });
  expect(signUp.ok()).toBe(true);
  const confirm = /\/email-verification\?token=(\S+)/.exec(await waitForMail(mailDir, email))![1];
  expect((await request.get(`/api/auth/verify-email?token=${confirm}`)).ok()).toBe(true);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(`If an account uses ${email}, a link is on its way.`)).toBeVisible();

  // Mail goes out through the delivery queue: wait for the reset link, not the earlier confirmation.
  const resetLink = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=\S+/;
  const link = resetLink.exec(await waitForMail(mailDir, email, resetLink))?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('river crossing near the old mill');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your password is changed and you are signed out everywhere.')).toBeVisible();

  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('yet another long phrase here');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link has expired or was already used. Ask for a new one.');

  await page.goto('/auth?redirect=%2Fmy-orders');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password').fill('river crossing near the old mill');
  await page.getByRole('button', { name: 'Sign in' }).last().click();
  await expect(page).toHaveURL('/my-orders');
});
