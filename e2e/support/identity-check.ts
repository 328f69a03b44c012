import { expect, type Page } from '@playwright/test';
import { PHOTO } from './admin-session.ts';

/**
 * Fills in the five steps of the identity check (the customer's own at /kyc, or an agent's for
 * the customer: the same journey), in Kampala Central, Church Zone, and sees each one counted.
 */
export async function fillIdentityCheck(page: Page, person: { fullName: string; born: string; nin: string }) {
  await page.getByLabel('Full name').fill(person.fullName);
  await page.getByLabel('Date of birth').fill(person.born);
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('20% complete')).toBeVisible();

  await page.getByLabel('District').selectOption({ label: 'Kampala' });
  await page.getByLabel('Sub-county').selectOption({ label: 'Kampala Central' });
  await page.getByLabel('Village').selectOption({ label: 'Church Zone' });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('40% complete')).toBeVisible();

  await page.getByLabel('National ID Number (NIN)').fill(person.nin);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('60% complete')).toBeVisible();

  await page.getByLabel('Take or choose a photo of your ID').setInputFiles({
    name: 'id-front.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await expect(page.getByText('80% complete')).toBeVisible();
  await page.getByLabel('Take a selfie').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByText('100% complete')).toBeVisible();
}
