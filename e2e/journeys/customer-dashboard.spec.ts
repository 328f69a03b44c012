import { expect, test } from '@playwright/test';
import { expectGoodScreen } from '../support/screen-check.ts';

test.describe('the customer dashboard', () => {
  test('opens offline with what was last seen, saying when', async ({ page, context }) => {
    const customer = { email: 'customer@ecogrid.demo', password: 'solar lantern at dusk' };
    expect((await page.request.post('/api/auth/sign-in/email', { data: customer })).ok()).toBe(true);
    await page.goto('/marketplace');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Home on the bottom bar is the customer's dashboard.
    await page.reload();
    await page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/customer-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My dashboard' })).toBeVisible();
    const wallet = page.getByRole('region', { name: 'Wallet' });
    await expect(wallet.getByText(/^UGX [\d,]+$/)).toBeVisible();
    const balance = await wallet.getByText(/^UGX [\d,]+$/).textContent();
    await expect(page.getByRole('region', { name: 'Identity check' })).toBeVisible();
    await expect(page).toHaveTitle('My dashboard · EcoGrid');
    await expectGoodScreen(page);
    // What was kept is written a moment after it arrives.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('ecogrid.offline-data')?.includes('"dashboard"') ?? false))
      .toBe(true);

    await context.setOffline(true);
    await page.goto('/customer-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Wallet' }).getByText(balance!)).toBeVisible();
    await expect(page.getByText(/^Last updated \d{1,2} \w{3} \d{4}, \d{2}:\d{2} · offline$/)).toBeVisible();
    // /mobile-dashboard is the same page.
    await page.goto('/mobile-dashboard');
    await expect(page.getByRole('region', { name: 'Wallet' }).getByText(balance!)).toBeVisible();

    await context.setOffline(false);
    await page.goto('/customer-dashboard');
    await expect(page.getByRole('region', { name: 'Wallet' }).getByText(balance!)).toBeVisible();
    await expect(page.getByText(/^Last updated/)).toHaveCount(0);
  });

  test('the transformation plan tells the story with its figures and method', async ({ page }) => {
    await page.goto('/transformation-plan');
    await expect(page.getByRole('heading', { level: 1, name: 'From kerosene to solar' })).toBeVisible();
    await expect(page.getByTestId('figure-units')).toHaveText(/^[\d,]+$/);
    await expect(page.getByRole('heading', { name: 'How the figures are made' })).toBeVisible();
    await expectGoodScreen(page);
  });
});
