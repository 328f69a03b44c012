import { expect, test } from '@playwright/test';
import { expectGoodScreen } from '../support/screen-check.ts';

test.describe('route guards and redirects', () => {
  test('/cart signed out goes to /auth and remembers the origin', async ({ page }) => {
    await page.goto('/cart');
    await expect(page).toHaveURL('/auth?redirect=%2Fcart');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('After you sign in, you will go back to your cart.')).toBeVisible();
  });

  test('/system-audit signed out is refused', async ({ page }) => {
    await page.goto('/system-audit');
    await expect(page).toHaveURL('/auth?redirect=%2Fsystem-audit');
    await expect(page.getByRole('heading', { name: 'System audit' })).toHaveCount(0);
  });

  test('/wallet lands on /customer/wallet, which asks for sign-in', async ({ page }) => {
    await page.goto('/wallet');
    await expect(page).toHaveURL('/auth?redirect=%2Fcustomer%2Fwallet');
  });

  test('/orders lands on /my-orders, and /loan on /customer/loan', async ({ page }) => {
    await page.goto('/orders');
    await expect(page).toHaveURL('/auth?redirect=%2Fmy-orders');
    await page.goto('/loan');
    await expect(page).toHaveURL('/auth?redirect=%2Fcustomer%2Floan');
  });

  test('the bottom navigation sends a signed-out visitor to sign in for Loans, and opens Support with its answers', async ({
    page,
  }) => {
    await page.goto('/marketplace');
    const nav = page.getByRole('navigation', { name: 'Quick navigation' });
    await nav.getByRole('link', { name: 'Loans' }).click();
    await expect(page).toHaveURL('/auth?redirect=%2Floan-tracker');
    await nav.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Talk to us' })).toBeVisible();
    await expect(page.getByText('Sign in to report a problem and follow your tickets.')).toBeVisible();
    await expectGoodScreen(page);
  });

  test('an unknown page says it was not found', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
