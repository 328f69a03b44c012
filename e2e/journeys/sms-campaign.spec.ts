import { expect, test } from '@playwright/test';
import { adminSignIn } from '../support/admin-session.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

const signInAdmin = adminSignIn();

test('an admin writes an SMS campaign, previews who gets it and what it costs, and sends it once', async ({
  browser,
}) => {
  const admin = await signInAdmin(browser, '/admin/campaigns');
  await expect(admin).toHaveTitle('SMS campaigns · EcoGrid');
  await expectGoodScreen(admin);

  await admin.getByRole('link', { name: 'New campaign' }).click();
  await expect(admin).toHaveTitle('New SMS campaign · EcoGrid');
  await admin.getByLabel('Campaign name').fill('Lantern week');
  await admin.getByLabel('English (required)').fill('Solar lanterns are 10% off this week at EcoGrid.');
  await expect(admin.getByText('48 characters, 1 SMS part (standard characters)')).toBeVisible();
  await admin.getByRole('textbox', { name: 'Luganda' }).fill('Ttaala z’enjuba ziri ku 10% wansi wiiki eno.');
  await expect(admin.getByText(/1 SMS part \(special characters/)).toBeVisible();
  await expectGoodScreen(admin);
  await admin.getByRole('button', { name: 'Save and preview' }).click();

  await expect(admin.getByRole('heading', { name: 'Lantern week', level: 1 })).toBeVisible();
  const who = admin.getByRole('list', { name: 'Who' });
  await expect(who.getByText('Demo Customer')).toBeVisible();
  await expect(admin.getByRole('table', { name: 'SMS parts and cost by language' })).toBeVisible();
  await expectGoodScreen(admin);

  await admin.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Send this campaign?' });
  await expect(dialog).toContainText('A campaign is sent once');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(admin.getByText('The campaign is on its way.')).toBeVisible();
  // No SMS provider in the journeys: the messages wait in the outbox, and the counts say so.
  await expect(admin.getByText('Kept in the outbox (no SMS provider)')).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
  await expectGoodScreen(admin);

  await admin.getByRole('link', { name: 'Admin tools' }).first().click();
  await admin.getByRole('link', { name: 'SMS campaigns' }).click();
  await expect(admin.getByRole('article', { name: 'Lantern week' })).toContainText('Sent');
  await expectGoodScreen(admin);
});
