import { expect, test, type Page } from '@playwright/test';
import { adminSignIn, signIn } from '../support/admin-session.ts';
import { setPasswordByPhone } from '../support/phone-password.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// Namubiru Harriet, of the demo agent's book, has a loan 15 days late that no other journey
// touches. She was registered by her agent without a password: she sets one with a texted code.
const CUSTOMER = { local: '0772100203', e164: '+256772100203', password: 'sugar cane by the roadside' };

const LANGUAGE = { en: 'Language', lg: 'Olulimi', sw: 'Lugha' } as const;
type Code = keyof typeof LANGUAGE;

/** Picks a language in the header and waits for the account to have it. */
async function chooseLanguage(page: Page, from: Code, to: Code) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH');
  await page.getByRole('banner').getByRole('combobox', { name: LANGUAGE[from] }).selectOption(to);
  expect((await saved).ok()).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

/**
 * The marketplace and the bottom bar with text at 200 %: nothing scrolls sideways, and every tab
 * stays a target of at least 24 by 24 px.
 */
async function expectLargeTextFits(page: Page) {
  await page.goto('/marketplace');
  await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  expect
    .soft(await page.evaluate(() => document.documentElement.scrollWidth), 'width at 200 %')
    .toBeLessThanOrEqual(360);
  for (const tab of await page.getByRole('navigation', { name: /./ }).last().getByRole('link').all()) {
    const box = (await tab.boundingBox())!;
    expect.soft(Math.min(box.width, box.height), await tab.innerText()).toBeGreaterThanOrEqual(24);
  }
  await page.evaluate(() => (document.documentElement.style.fontSize = ''));
}

/** The customer's main screens, each checked as a 360 px phone shows it, in the language on screen. */
async function visitScreens(page: Page, language: Code, loanId: string) {
  await page.goto('/marketplace');
  const product = await page.locator('main a[href^="/product/"]').first().getAttribute('href');
  for (const path of [
    '/marketplace',
    product!,
    '/cart',
    '/customer/wallet',
    '/my-account',
    '/customer/loan',
    `/customer/loan/${loanId}`,
  ]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('combobox', { name: LANGUAGE[language] })).toBeVisible();
    await expectGoodScreen(page);
  }
}

test('the language a customer chooses is theirs on every screen and every phone, at 360 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminSignIn()(browser, '/admin/outbox');
  await page.goto('/auth?redirect=%2Fcustomer%2Floan');
  await setPasswordByPhone(page, admin, CUSTOMER);
  await signIn(page, CUSTOMER.local, CUSTOMER.password);
  await expect(page).toHaveURL('/customer/loan');
  const mine = (await (await page.request.get('/api/loans')).json()) as { loans: { id: string; status: string }[] };
  const loanId = mine.loans[0]!.id;

  await chooseLanguage(page, 'en', 'lg');
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({ preferredLanguage: 'luganda' });
  await visitScreens(page, 'lg', loanId);
  await expectLargeTextFits(page);

  // A second phone signs in, in English as any new phone starts, and shows her Luganda.
  const second = await (await browser.newContext()).newPage();
  await second.goto('/auth?redirect=%2Fmy-account');
  await signIn(second, CUSTOMER.local, CUSTOMER.password);
  await expect(second).toHaveURL('/my-account');
  await expect(second.locator('html')).toHaveAttribute('lang', 'lg');
  await expect(second.getByRole('heading', { name: 'Akawunti yange', level: 1 })).toBeVisible();

  // Kiswahili chosen on the second phone is the first phone's too when it next opens the app.
  await chooseLanguage(second, 'lg', 'sw');
  await second.context().close();
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { name: 'Akaunti yangu', level: 1 })).toBeVisible();
  await visitScreens(page, 'sw', loanId);
  await expectLargeTextFits(page);
});
