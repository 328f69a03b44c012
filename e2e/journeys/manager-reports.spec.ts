import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfText } from '../../apps/server/test/downloads.ts';
import { adminSignIn } from '../support/admin-session.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

const signInAdmin = adminSignIn();

test('a manager drills into PAR 30 from the admin home and takes a report away as CSV and PDF', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signInAdmin(browser, '/admin');

  // The admin home: figures and the 30 days drawn above their table.
  const now = admin.getByRole('region', { name: 'Now' });
  await expect(now).toBeVisible();
  await expect(admin.getByRole('img', { name: /^Sales and collections, last 30 days: chart/ })).toBeVisible();
  await expectGoodScreen(admin);

  // PAR 30 opens the loans behind it: active ones at least 30 days late.
  const par30 = now
    .locator('dt', { hasText: /^PAR 30$/ })
    .locator('xpath=following-sibling::dd[1]')
    .getByRole('link');
  await par30.click();
  await expect(admin).toHaveURL(/\/admin\/loans\?status=active&minDaysPastDue=30$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
  await expect(admin.getByLabel('Days past due, at least')).toHaveValue('30');

  // The credit report over the last 30 days, from the reports area.
  await admin.goto('/admin');
  await admin.getByRole('link', { name: /^Reports/ }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await admin.getByRole('link', { name: /^Credit/ }).click();
  const par = admin.getByRole('region', { name: 'Portfolio at risk over time: figures' });
  await expect(par).toBeVisible();
  await expectGoodScreen(admin);

  const [csv] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Download Portfolio at risk over time (CSV)' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^EcoGrid-credit-par_history-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await csv.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toBe('day,par1,par30,par60,par90');
  // One line a day the daily run recorded, each a day and four shares in basis points.
  expect(lines.length).toBeGreaterThan(2);
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}(,\d*){4}$/);

  const [pdf] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Download the Credit report (PDF)' }).click(),
  ]);
  const bytes = readFileSync((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(bytes);
  expect(text).toMatch(/Credit report, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/);
  expect(text).toContain('Portfolio at risk over time');
});
