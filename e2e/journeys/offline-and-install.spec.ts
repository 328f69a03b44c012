import { expect, test, type Page } from '@playwright/test';

test.describe('offline use and the installable app', () => {
  test('the offline banner shows when the browser goes offline, and Back Online! when it returns', async ({
    page,
    context,
  }) => {
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByText("You're Offline")).toBeVisible();
    await expect(page.getByText("Some features may be limited. Data will sync when you're back online.")).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('Back Online!')).toBeVisible();
    await expect(page.getByText("You're Offline")).toHaveCount(0);
  });

  test('/sw.js is registered and keeps the app shell working offline', async ({ page, context }) => {
    await page.goto('/marketplace');
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL };
    });
    expect(new URL(scope.scope).pathname).toBe('/');
    expect(new URL(scope.script ?? '').pathname).toBe('/sw.js');
    // Let the worker take over this page, then load a route with the network gone.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Marketplace' }).getByRole('listitem').first()).toBeVisible();
    await context.setOffline(true);
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
    await context.setOffline(false);
  });

  test('a signed-in customer opened offline stays signed in and sees the last-known wallet and orders', async ({
    page,
    context,
  }) => {
    const customer = { email: 'customer@ecogrid.demo', password: 'solar lantern at dusk' };
    expect((await page.request.post('/api/auth/sign-in/email', { data: customer })).ok()).toBe(true);
    await page.goto('/customer/wallet');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Let the worker take over this page, then open the screens once while online.
    await page.reload();
    const balance = page.getByTestId('wallet-balance');
    await expect(balance).toHaveText(/^UGX [\d,]+$/);
    const shown = await balance.textContent();
    await page.goto('/my-orders');
    await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
    await expect(page.getByText('Loading your orders…')).toHaveCount(0);
    // What was kept is written a moment after it arrives.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('ecogrid.offline-data')?.includes('"wallet"') ?? false))
      .toBe(true);

    await context.setOffline(true);
    await page.goto('/customer/wallet');
    await expect(page).toHaveURL('/customer/wallet');
    await expect(page.getByTestId('wallet-balance')).toHaveText(shown!);
    await expect(page.getByText(/^Last updated \d{1,2} \w{3} \d{4}, \d{2}:\d{2} · offline$/)).toBeVisible();
    // A screen never opened on this phone says so, instead of loading for ever.
    await page.goto('/customer/loan/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b');
    await expect(page.getByText('This cannot be shown offline')).toBeVisible();

    await context.setOffline(false);
    await page.goto('/customer/wallet');
    await expect(page.getByTestId('wallet-balance')).toHaveText(shown!);
    await expect(page.getByText(/^Last updated/)).toHaveCount(0);
    await expect(page).toHaveURL('/customer/wallet');
  });

  test('the web manifest names the app and carries its icons', async ({ request }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as { name: string; icons: { sizes: string; src: string }[] };
    expect(manifest.name).toBe('EcoGrid Energy Marketplace');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true);
  });
});

test.describe('the install banner', () => {
  const offerInstall = (page: Page) =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) });
      window.dispatchEvent(event);
    });

  test('shows once on a phone: Maybe Later hides it for good', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();
    await offerInstall(page);
    await expect(page.getByRole('button', { name: 'Install App' })).toBeVisible();
    await page.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();
    await offerInstall(page);
    await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0);
  });

  test('never shows on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();
    await offerInstall(page);
    await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0);
  });
});
