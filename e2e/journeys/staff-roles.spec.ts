import { expect, test } from '@playwright/test';
import { enterAuthenticatorCode, setUpAuthenticator, signIn } from '../support/admin-session.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// A demo staff member whose role (decision 020) covers loans, credit and identity checks only.
const OFFICER = { email: 'credit@ecogrid.demo', password: 'solar lantern at dusk' };

test('a credit officer cannot open payments', async ({ page }) => {
  await page.goto('/auth?redirect=%2Fadmin');
  const key = await setUpAuthenticator(page, OFFICER);
  await page.goto('/auth?redirect=%2Fadmin');
  await signIn(page, OFFICER.email, OFFICER.password);
  await enterAuthenticatorCode(page, key, '/admin');

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
