import { expect, test } from '@playwright/test';

test.describe('browsing the marketplace', () => {
  test('lists the seeded products with prices in UGX', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Marketplace' }).getByRole('listitem');
    await expect(cards).toHaveCount(12);
    await expect(page.getByRole('link', { name: /Growatt SPF 3000/ })).toContainText('UGX 2,600,000');
    await expect(page.getByRole('link', { name: /Sun King Home 120 Plus/ })).toHaveCount(0);
    const more = page.getByRole('button', { name: 'Show more products' });
    await more.click();
    await expect(cards).toHaveCount(24);
    await more.click();
    await expect(cards).toHaveCount(34);
    await expect(page.getByRole('link', { name: /Sun King Home 120 Plus/ })).toContainText('UGX 1,250,000');
    await expect(page.getByRole('button', { name: 'Show more products' })).toHaveCount(0);
  });

  test('search narrows the list, and category chips filter it', async ({ page }) => {
    await page.goto('/marketplace');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('sun king lantern');
    const cards = page.getByRole('list', { name: 'Marketplace' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(page).toHaveURL(/q=sun\+king\+lantern/);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('');
    await page.getByRole('button', { name: 'Clean cookstoves' }).click();
    await expect(page.getByRole('button', { name: 'Clean cookstoves' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards).toHaveCount(4);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('no such thing');
    await expect(page.getByText('No products match your search.')).toBeVisible();
  });

  test('a product opens with its pictures, price and specifications', async ({ page }) => {
    await page.goto('/marketplace?q=Home%20120');
    await page.getByRole('link', { name: /Sun King Home 120 Plus/ }).click();
    await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sun King Home 120 Plus' })).toBeVisible();
    // The price, and again as the cash price beside the credit plans.
    await expect(page.getByText('UGX 1,250,000', { exact: true })).toHaveCount(2);
    await expect(page.getByRole('img', { name: 'Picture 1 of Sun King Home 120 Plus' })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Solar panel' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '12 W' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  test('a malformed product id says the product was not found', async ({ page }) => {
    await page.goto('/product/not-a-uuid');
    await expect(page.getByRole('heading', { name: 'This product was not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the marketplace' })).toBeVisible();
  });

  test('signed out, Add to cart goes to sign-in and comes back to the product', async ({ page }) => {
    await page.goto('/marketplace?q=Pico');
    await page.getByRole('link', { name: /Sun King Pico Plus/ }).click();
    await expect(page).toHaveURL(/\/product\//);
    const productPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(productPath)}`);
    // Signing in comes back to the product, ready to add it.
    await page.getByLabel('Email or phone number').fill('agent@ecogrid.demo');
    await page.getByLabel('Password').fill('solar lantern at dusk');
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await expect(page).toHaveURL(productPath);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  });
});
