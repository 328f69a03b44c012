import { randomBytes, randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminSignIn, signIn } from '../support/admin-session.ts';
import { setPasswordByPhone } from '../support/phone-password.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// Nakato Sarah, of the demo agent's book, pays her loan on time; its unit is under warranty.
// She was registered by her agent without a password: she sets one with the code texted to her.
const CUSTOMER = { local: '0772100201', e164: '+256772100201', password: 'lantern light by the well' };

const signInAdmin = adminSignIn();

/** A photo of the fault as the phone sends it (a small PNG: the server keeps it as a JPEG). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a customer reports a fault, support swaps the unit under warranty, and the customer sees the new unit and how it gets its token', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await signInAdmin(browser, '/admin/outbox');
  await page.goto('/auth?redirect=%2Fsupport');
  await setPasswordByPhone(page, admin, CUSTOMER);
  await signIn(page, CUSTOMER.local, CUSTOMER.password);
  await expect(page).toHaveURL('/support');
  await page.getByRole('banner').getByRole('combobox').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const mine = (await (await page.request.get('/api/loans')).json()) as {
    loans: { id: string; status: string; productId: string; deviceSerial: string | null }[];
  };
  const loan = mine.loans.find((l) => l.status === 'active' && l.deviceSerial)!;
  expect(loan).toBeTruthy();
  await expect(page.getByRole('heading', { name: 'My tickets' })).toBeVisible();
  await expectGoodScreen(page);

  // The dashboard's "Report a fault" opens the form with the fault and the loan chosen.
  await page.goto(`/support/tickets/new?category=device_fault&loan=${loan.id}`);
  await expect(page.getByLabel('What is it about?')).toHaveValue('device_fault');
  await expect(page.getByLabel('Which loan or order?')).toHaveValue(`loan:${loan.id}`);
  await page.getByLabel('Subject').fill('Lamp does not charge');
  await page.getByLabel('What happened?').fill('Since Monday the battery light stays red and the lamp goes off.');
  await page.getByLabel('Add a photo').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByText('Chosen: lamp.png')).toBeVisible();
  await expectGoodScreen(page);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { name: 'Lamp does not charge' })).toBeVisible();
  const number = (await page.getByText(/^TKT-\d+$/).textContent())!;
  // The photo went with the ticket, and shows.
  const photo = page.getByRole('img', { name: /^Photo 1 from Nakato Sarah, / });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectGoodScreen(page);

  // A spare unit of the same product arrives in stock.
  const product = (await (await admin.request.get(`/api/catalog/products/${loan.productId}`)).json()) as {
    sku: string;
  };
  const spare = `SPARE${randomInt(1e6, 9e6)}`;
  const csv = [
    'serial_number,product_sku,starting_code,secret_key,time_divider,restricted_digit_set,token_count',
    `${spare},${product.sku},${randomInt(1, 999_999_999)},${randomBytes(16).toString('hex')},1,false,1`,
  ].join('\n');
  const imported = await admin.request.post('/api/admin/devices/import', {
    data: csv,
    headers: { 'content-type': 'text/csv', origin: new URL(admin.url()).origin },
  });
  expect(imported.status(), await imported.text()).toBe(201);

  await admin.goto('/admin/support');
  await admin.getByRole('link', { name: 'Lamp does not charge' }).first().click();
  await expect(admin.getByText(number, { exact: true })).toBeVisible();
  await expect(admin.getByText(/^Unit DEMO-\d+ is under warranty until /)).toBeVisible();
  const seen = admin.getByRole('img', { name: /^Photo 1 from Nakato Sarah, / });
  await expect.poll(() => seen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await admin.getByRole('button', { name: 'Take it myself' }).click();
  await expect(admin.getByLabel('Assigned to')).not.toHaveValue('');
  await expect(admin.getByLabel('How it was resolved')).toHaveValue('swap');
  await admin.getByLabel('Serial number of the replacement').fill(spare);
  await admin.getByLabel('Message to the customer').fill('We replaced your unit free of charge.');
  await expectGoodScreen(admin);
  await admin.getByRole('button', { name: 'Resolve the ticket' }).click();
  await expect(admin.getByText('Unit replaced')).toBeVisible();
  await expect(admin.getByText(spare, { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(page.getByText('We replaced your unit free of charge.')).toBeVisible();
  await expectGoodScreen(page);
  await page.goto(`/customer/loan/${loan.id}`);
  await expect(page.getByText(`Device serial number: ${spare}`)).toBeVisible();
  await expectGoodScreen(page);
  // The swap's notice says how to start the new unit: its token for the days already paid for,
  // or, when none are left (as on this demo loan), that the next payment sends it.
  await page.goto('/inbox');
  await expect(
    page.getByText(
      new RegExp(
        `is replaced: ${spare} takes over from DEMO-\\d+\\. (Enter [\\d ]+ on the new unit|Your next payment sends its token)`,
      ),
    ),
  ).toBeVisible();
  await expect(
    page.getByText(`Your faulty unit is replaced free of charge by unit ${spare} (ticket ${number}).`, {
      exact: false,
    }),
  ).toBeVisible();
  await expectGoodScreen(page);
});
