import { expect, type Page } from '@playwright/test';

/** The credit policy's check for an application without a declared monthly income. */
export const NO_INCOME = 'No monthly income declared';

/** On the credit policy page: what a failed check leads to, saved as a new version with a note. */
export async function setNoIncomeOutcome(admin: Page, outcome: string, note: string): Promise<void> {
  await admin.goto('/admin/credit-policy');
  await expect(admin.getByRole('heading', { level: 1, name: 'Credit policy' })).toBeVisible();
  await admin.getByLabel(NO_INCOME).selectOption({ label: outcome });
  await admin.getByLabel('Why the policy changes (kept with the version)').fill(note);
  await admin.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(admin.getByText(/^Version \d+ of the credit policy is in force\.$/)).toBeVisible();
}
