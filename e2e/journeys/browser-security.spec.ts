import { expect, test } from '@playwright/test';
import { watchPolicy } from '../support/policy-watch.ts';

test('the app loads its pages under its Content-Security-Policy with nothing refused', async ({ page, baseURL }) => {
  const problems = watchPolicy(page, new URL(baseURL!).origin);
  const first = await page.goto('/');
  const headers = first!.headers();
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();
  // index.html's inline script (the early catalogue requests) ran: it is allowed by its hash.
  expect(await page.evaluate(() => typeof (window as { __ecogridEarly?: object }).__ecogridEarly)).toBe('object');

  const product = page.getByRole('list', { name: 'Marketplace' }).getByRole('link').first();
  await expect(product).toBeVisible();
  await page.goto((await product.getAttribute('href'))!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.goto('/auth');
  await expect(page.getByLabel('Email or phone number')).toBeVisible({ timeout: 20_000 });

  // The service worker registers under worker-src 'self'.
  await expect
    .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())))
    .toBe(true);
  expect(problems).toEqual([]);
});

test('another site cannot show the app in a frame', async ({ page, baseURL }) => {
  await page.setContent(`<iframe src="${baseURL}/marketplace" title="framed"></iframe>`);
  await page.waitForTimeout(1500);
  const framed = page.frames().find((frame) => frame !== page.mainFrame());
  const text = await framed?.evaluate(() => document.body?.innerText ?? '').catch(() => '');
  expect(text ?? '').not.toContain('Marketplace');
});
