import { expect, test } from '@playwright/test';

test.describe('the app shell', () => {
  test('the language switcher changes the interface to Kiswahili and Luganda, and remembers it', async ({ page }) => {
    await page.goto('/marketplace');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('sw');
    await expect(page.getByRole('heading', { name: 'Soko' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Urambazaji wa haraka' }).getByText('Duka')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Soko' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Lugha' }).selectOption('lg');
    await expect(page.getByRole('heading', { name: 'Akatale' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'lg');
  });

  test('a chunk that fails to load shows the Loading Error screen with Clear Cache and Reload', async ({ browser }) => {
    // No service worker here, so the request for the chunk reaches the network and can fail.
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.route(/\/assets\/product-route-.*\.js$/, (route) => route.abort());
    await page.goto('/marketplace');
    await page.evaluate(() => localStorage.setItem('probe', 'kept until cleared'));
    await page.getByRole('list', { name: 'Marketplace' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Loading Error' })).toBeVisible();
    await expect(
      page.getByText('There was an issue loading the application. This is usually caused by cached files.'),
    ).toBeVisible();
    await page.unroute(/\/assets\/product-route-.*\.js$/);
    await page.getByRole('button', { name: 'Clear Cache and Reload' }).click();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('probe'))).toBeNull();
    await context.close();
  });

  test('nothing on the marketplace is wider than a 360 px phone', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(page.getByRole('list', { name: 'Marketplace' }).getByRole('listitem').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
