import { expect, test, type Page } from '@playwright/test';
import { codeFor, signIn } from '../support/admin-session.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// A demo staff member whose role (decision 020) covers loans, credit and identity checks only.
const OFFICER = { email: 'credit@ecogrid.demo', password: 'solar lantern at dusk' };

/** Sets up the officer's authenticator app through the same calls My account makes; answers its key. */
async function authenticatorKey(page: Page): Promise<string> {
  const post = (url: string, data: object) =>
    page.request.post(url, { data, headers: { origin: new URL(page.url()).origin } });
  expect((await post('/api/auth/sign-in/email', OFFICER)).ok()).toBe(true);
  const enabled = await post('/api/auth/two-factor/enable', { password: OFFICER.password });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const key = new URL(totpURI).searchParams.get('secret')!;
  expect((await post('/api/auth/two-factor/verify-totp', { code: codeFor(key) })).ok()).toBe(true);
  await page.context().clearCookies();
  return key;
}

test('a credit officer cannot open payments', async ({ page }) => {
  await page.goto('/auth?redirect=%2Fadmin');
  const key = await authenticatorKey(page);
  await page.goto('/auth?redirect=%2Fadmin');
  await signIn(page, OFFICER.email, OFFICER.password);
  await page.getByLabel('Code from your authenticator app').fill(codeFor(key));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/admin');

  // The admin home offers the officer's tools only.
  const tools = page.getByRole('navigation', { name: 'Admin tools' });
  await expect(tools.getByRole('link', { name: /^Identity checks/ })).toBeVisible();
  await expect(tools.getByRole('link', { name: /^Payments/ })).toHaveCount(0);

  // Typing the address anyway: the page says so plainly and leads back.
  await page.goto('/admin/payments');
  await expect(page.getByRole('alert')).toHaveText(
    'Your staff role does not let you see payments. Ask a full admin if you need it.',
  );
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expectGoodScreen(page);
  await page.getByRole('link', { name: 'Back to the admin home' }).click();
  await expect(page).toHaveURL('/admin');
});
