import { expect, test } from '@playwright/test';
import { expectGoodScreen } from '../support/screen-check.ts';

test.describe('the assistant', () => {
  test('recommends a system for 4 bulbs, a radio and a TV, in Luganda', async ({ page }) => {
    await page.goto('/ai-test');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('lg');
    await expect(page.getByRole('heading', { name: 'Nneetaaga kyuma ki?' })).toBeVisible();
    await expectGoodScreen(page);

    for (const name of ['Ettaala (1 W)', 'Leediyo (3 W)', 'TV, inchi 24 (15 W)']) {
      await page.getByRole('checkbox', { name }).check();
    }
    await page.getByRole('button', { name: 'Ddako' }).click();
    await expect(page.getByRole('heading', { name: 'Bimeka, era okumala essaawa mmeka buli lunaku?' })).toBeFocused();
    await page.getByRole('group', { name: 'Ettaala' }).getByRole('textbox', { name: 'Bimeka' }).fill('4');
    await page.getByRole('group', { name: 'Ettaala' }).getByRole('textbox', { name: 'Essaawa buli lunaku' }).fill('5');
    await page.getByRole('group', { name: 'Leediyo' }).getByRole('textbox', { name: 'Essaawa buli lunaku' }).fill('6');
    await page
      .getByRole('group', { name: 'TV, inchi 24' })
      .getByRole('textbox', { name: 'Essaawa buli lunaku' })
      .fill('4');
    await expectGoodScreen(page);
    await page.getByRole('button', { name: 'Ddako' }).click();

    // 4 x 1 W x 5 h + 3 W x 6 h + 15 W x 4 h = 98 Wh, and 30 % for losses: 128 Wh.
    await expect(page.getByText('Amaka go geetaaga nga Wh 128 buli lunaku')).toBeVisible();
    const recommended = page.getByRole('region', { name: 'Ebyuma ebikugyamu, ebya bbeeyi entono bisooka' });
    const first = recommended.getByRole('listitem').first();
    await expect(first.getByRole('link', { name: 'Fenix ReadyPay Power 40' })).toBeVisible();
    await expect(first.getByText('Bbeeyi ya ssente enkalu: UGX 850,000')).toBeVisible();
    // The demo's 12-month plan: 850,000 + 25 % = 1,062,500 on credit, a 20 % deposit of 212,500.
    await expect(first.getByText(/UGX 212,500/)).toBeVisible();
    await expect(first.getByText(/UGX 1,062,500/)).toBeVisible();
    await expectGoodScreen(page);

    await first.getByRole('link', { name: 'Fenix ReadyPay Power 40' }).click();
    await expect(page.getByRole('heading', { name: 'Fenix ReadyPay Power 40' })).toBeVisible();
  });

  test('answers a question from the common answers and opens the one it quotes', async ({ page }) => {
    await page.goto('/ai-test');
    await page.getByRole('textbox', { name: 'Your question' }).fill('How do I type a token?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(page.getByText('From our answer “How do I type a token on the keypad?”')).toBeVisible();
    await page.getByRole('link', { name: 'Read the whole answer' }).click();
    await expect(page.locator('#answer-token-type')).toHaveAttribute('open', '');
    await expectGoodScreen(page);
  });

  test('offline, still answers and sizes from the catalogue last seen, and says plans need the internet', async ({
    page,
    context,
  }) => {
    await page.goto('/ai-test');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Let the worker take over the page; the question box reads the catalogue as the page opens.
    const catalogueRead = page.waitForResponse((response) => response.url().includes('/api/catalog/products'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Which system do I need?' })).toBeVisible();
    await catalogueRead;

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('You are offline. The answers still work.', { exact: false })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the answers' }).fill('warranty');
    await expect(page.getByText('What does the warranty cover?')).toBeVisible();

    await page.getByRole('checkbox', { name: 'Radio (3 W)' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/needs about 24 Wh a day/)).toBeVisible();
    const first = page.getByRole('region', { name: 'Systems that fit, cheapest first' }).getByRole('listitem').first();
    await expect(first.getByText(/^Cash price: UGX [\d,]+$/)).toBeVisible();
    await expect(first.getByText('Credit plans need the internet.')).toBeVisible();
    await expectGoodScreen(page);
    await context.setOffline(false);
  });
});
