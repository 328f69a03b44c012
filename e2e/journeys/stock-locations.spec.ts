import { expect, test } from '@playwright/test';
import { adminSignIn } from '../support/admin-session.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

const signInAdmin = adminSignIn();

test('an admin adds a warehouse and moves units there from the main warehouse, then sees them held there', async ({
  browser,
}) => {
  const admin = await signInAdmin(browser, '/admin/stock');
  await expect(admin.getByRole('heading', { name: 'Stock by location', level: 1 })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Stock locations' })).toBeVisible();
  await expectGoodScreen(admin);

  const name = `Jinja store ${Date.now() % 100_000}`;
  await admin.getByLabel('Warehouse name').fill(name);
  await admin.getByRole('button', { name: 'Add location' }).click();
  await expect(admin.getByRole('button', { name: `Stock at ${name}` })).toBeVisible();

  const product = admin.getByLabel('Product', { exact: true });
  await expect(product.locator('option').nth(1)).toBeAttached();
  await product.selectOption({ index: 1 });
  await admin.getByLabel('From', { exact: true }).selectOption({ label: 'Main warehouse (Warehouse)' });
  await admin.getByLabel('To', { exact: true }).selectOption({ label: `${name} (Warehouse)` });
  await admin.getByLabel('Units', { exact: true }).fill('1');
  await admin.getByRole('button', { name: 'Move the units' }).click();
  await expect(admin.getByRole('button', { name: `Stock at ${name}` })).toBeVisible();
  await admin.getByRole('button', { name: `Stock at ${name}` }).click();
  const held = admin.getByRole('heading', { name: `Held at ${name}` }).locator('xpath=..');
  await expect(held.getByText('1 unit', { exact: true })).toBeVisible();
  await expect(held.getByRole('list', { name: 'What came and went' })).toContainText('Transfer');
  await expectGoodScreen(admin);
});
