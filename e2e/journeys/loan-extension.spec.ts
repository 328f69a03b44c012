import { expect, test, type Page } from '@playwright/test';
import { adminSignIn, signIn } from '../support/admin-session.ts';
import { setPasswordByPhone } from '../support/phone-password.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// Ssemakula John, of the demo agent's book, has a running loan no other journey touches. He was
// registered by his agent without a password: he sets one with the code texted to his phone.
const CUSTOMER = { local: '0772100202', e164: '+256772100202', password: 'banana shade over the courtyard' };
const ADDED = 2;
const ugx = (text: string) => Number(text.replace(/,/g, ''));

const signInAdmin = adminSignIn();
const scheduleRows = (page: Page) => page.getByRole('table').locator('tbody tr');

test('a customer extends a running loan by two instalments, sees the new schedule and its cost, and the change in its history', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAdmin(browser, '/admin/outbox');
  await page.goto('/auth?redirect=%2Fcustomer%2Floan');
  await setPasswordByPhone(page, admin, CUSTOMER);
  await signIn(page, CUSTOMER.local, CUSTOMER.password);
  await expect(page).toHaveURL('/customer/loan');
  // His account reads Luganda, which the app shows once he is signed in; this journey reads English.
  await expect(page.locator('html')).toHaveAttribute('lang', 'lg');
  await page.getByRole('banner').getByRole('combobox').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const mine = (await (await page.request.get('/api/loans')).json()) as {
    loans: { id: string; status: string }[];
  };
  const running = mine.loans.find((l) => l.status === 'active')!;
  expect(running).toBeTruthy();
  const link = page.locator(`a[href$="/customer/loan/${running.id}"]`).first();
  await expect(link).toBeVisible();
  await expectGoodScreen(page);
  await link.click();

  await expect(page.getByRole('heading', { name: 'Payment schedule' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Changes to the schedule' });
  await expect(history.getByText('The schedule has not changed since the loan started.')).toBeVisible();
  const before = await scheduleRows(page).count();
  expect(before).toBeGreaterThan(0);
  await expectGoodScreen(page);

  await page.getByRole('button', { name: 'Extend my loan' }).click();
  await page.getByLabel('Instalments to add').selectOption({ label: `${ADDED} more instalments` });
  const summary = page.getByText(
    /^You would pay \d+ instalments of about UGX [\d,]+\. Fee: UGX [\d,]+\. The loan would cost UGX [\d,]+ in all \(now UGX [\d,]+\)\.$/,
  );
  await expect(summary).toBeVisible();
  const quoted = (await summary.textContent())!;
  const [, count, fee] =
    /(\d+) instalments of about UGX [\d,]+\. Fee: (UGX [\d,]+)\. The loan would cost UGX [\d,]+ in all/.exec(quoted)!;
  const newSchedule = page.getByRole('list', { name: 'The new schedule' });
  await expect(newSchedule.getByRole('listitem')).toHaveCount(Number(count));
  await expectGoodScreen(page);

  await page.getByRole('button', { name: 'Accept the new schedule' }).click();
  await expect(history.getByText(/^Extended · /)).toBeVisible();
  // The instalments' total grows by the fee, and no more.
  const totals = history.getByText(/^Schedule total: UGX [\d,]+ before, UGX [\d,]+ after$/);
  await expect(totals).toBeVisible();
  const [was, is] = [...(await totals.textContent())!.matchAll(/UGX ([\d,]+)/g)].map((m) => ugx(m[1]!));
  expect(is! - was!).toBe(ugx(fee!.slice(4)));
  await expect(scheduleRows(page)).toHaveCount(before + ADDED);
  await expect(page.getByRole('button', { name: 'Extend my loan' })).toBeVisible();
  await expectGoodScreen(page);

  // The new schedule and its history are the loan's own: they are there on the next visit.
  await page.reload();
  await expect(scheduleRows(page)).toHaveCount(before + ADDED);
  await expect(history.getByText(/^Extended · /)).toBeVisible();
  await expectGoodScreen(page);
});
