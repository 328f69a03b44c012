import { expect, type Browser, type Page } from '@playwright/test';
import { ADMIN, signIn } from './admin-session.ts';
import { expectGoodScreen } from './screen-check.ts';

/** The demo agent (DEMO_ACCOUNTS=true in the test server): approved, 5% commission, this phone. */
export const AGENT = { email: 'agent@ecogrid.demo', password: ADMIN.password, phone: '+256772000002' };

/** A customer no run has seen: a fresh MTN number, as the agent types it and as EcoGrid stores it. */
export function newCustomer(fullName: string) {
  const subscriber = String(1_000_000 + Math.floor(Math.random() * 9_000_000));
  return { fullName, local: `077${subscriber}`, e164: `+25677${subscriber}` };
}
export type Customer = ReturnType<typeof newCustomer> & { id?: string };

/** Signs the demo agent in on the phone and opens `to`. */
export async function agentSignIn(browser: Browser, to: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/auth?redirect=${encodeURIComponent(to)}`);
  await signIn(page, AGENT.email, AGENT.password);
  await expect(page).toHaveURL(to);
  return page;
}

/**
 * The newest SMS to `to` whose text matches `pattern`, as an admin reads it in the outbox (no SMS
 * provider is configured in the journeys); the first group of the pattern is returned. The
 * outbox is opened again until the message is there: it is written when its job runs.
 */
export async function smsFromOutbox(admin: Page, to: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect(async () => {
    await admin.goto(`/admin/outbox?recipient=${encodeURIComponent(to)}`);
    const message = admin.getByText(pattern).first();
    await expect(message).toBeVisible({ timeout: 2_000 });
    found = pattern.exec((await message.textContent()) ?? '')?.[1] ?? '';
  }).toPass({ timeout: 20_000 });
  expect(found).toBeTruthy();
  return found;
}

/**
 * The agent registers `customer` in the field (Kampala Central, Church Zone, English) and types
 * back the code EcoGrid texted them, read by `readSms`; the customer's page opens. Returns the
 * customer's id.
 */
export async function registerCustomer(
  page: Page,
  customer: Customer,
  readSms: (to: string, pattern: RegExp) => Promise<string>,
): Promise<string> {
  await page.goto('/agent/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Register a customer' })).toBeVisible();
  await page.getByLabel("Customer's full name").fill(customer.fullName);
  await page.getByLabel("Customer's phone number").fill(customer.local);
  await page.getByLabel('District').selectOption({ label: 'Kampala' });
  await page.getByLabel('Sub-county').selectOption({ label: 'Kampala Central' });
  await page.getByLabel('Village').selectOption({ label: 'Church Zone' });
  await page.getByLabel('Language the customer prefers').selectOption({ label: 'English' });
  await expectGoodScreen(page);
  await page.getByRole('button', { name: 'Register the customer' }).click();

  const ask = page.getByText(`Ask ${customer.fullName} to read back the code EcoGrid sent to their phone`);
  await expect(ask).toBeVisible();
  await expectGoodScreen(page);
  const code = await readSms(customer.e164, /is registering you with EcoGrid\..*: (\d{6})\./);
  // Customers registered earlier and still waiting for their code are listed below this one.
  const registered = page.getByRole('region', { name: customer.fullName });
  await registered.getByLabel("Code from the customer's SMS").fill(code);
  await registered.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText(`${customer.fullName} is registered, and you serve them.`)).toBeVisible();
  await page.getByRole('link', { name: `Open ${customer.fullName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: customer.fullName })).toBeVisible();
  const id = /\/agent\/customers\/([^/?]+)$/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return decodeURIComponent(id!);
}

/**
 * On the sell page for `customer`: the agent adds one `product` (on its first credit plan, or for
 * cash), has it delivered to the customer's village, reads out the quote, texts the terms, types
 * the code the customer reads back and sells, the customer paying the agent in cash.
 */
export async function sellFor(
  page: Page,
  readSms: (to: string, pattern: RegExp) => Promise<string>,
  customer: Customer,
  sale: { product: string; credit: boolean },
): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sell for the customer' })).toBeVisible();
  await page.getByLabel('Search products').fill(sale.product);
  await page.getByRole('button', { name: `Add ${sale.product}` }).click();
  const pay = page.getByLabel(`How the customer pays for ${sale.product}`);
  if (sale.credit) {
    const plan = pay
      .locator('option')
      .filter({ hasText: /^On credit: / })
      .first();
    await expect(plan).toBeAttached();
    await pay.selectOption({ label: (await plan.textContent())! });
  }
  await page.getByRole('radio', { name: 'Deliver it to the customer' }).check();
  await page.getByLabel('District', { exact: true }).selectOption({ label: 'Kampala' });
  await page.getByLabel('Sub-county', { exact: true }).selectOption({ label: 'Kampala Central' });
  await page.getByLabel('Village', { exact: true }).selectOption({ label: 'Church Zone' });
  await page.getByRole('button', { name: 'Show the quote' }).click();
  await expect(page.getByRole('heading', { name: 'Read this to the customer' })).toBeVisible();
  if (sale.credit) await expect(page.getByText('Total cost of credit')).toBeVisible();
  await expectGoodScreen(page);

  await page.getByRole('button', { name: 'Text the terms to the customer' }).click();
  await expect(page.getByText(/^The terms are on their way\./)).toBeVisible();
  const code = await readSms(customer.e164, /If you accept these terms, tell the agent this code: (\d{6})\./);
  await page.getByLabel('Code the customer read out').fill(code);
  await page.getByRole('radio', { name: 'Cash to me' }).check();
  await expectGoodScreen(page);
  await page.getByRole('button', { name: /^Sell: UGX [\d,]+ to pay now$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sold' })).toBeVisible();
  await expectGoodScreen(page);
}

/**
 * From the sale's confirmation, the cash it left due (`what`, e.g. "Deposit of the loan"): the
 * collection form opens with it filled in, and, online, the server records it at once.
 */
export async function collectCashDue(page: Page, what: string): Promise<void> {
  const due = page.getByRole('listitem').filter({ hasText: what });
  await due.getByRole('link', { name: /^Collect UGX [\d,]+ in cash$/ }).click();
  await expect(page.getByLabel('Amount received (UGX)')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Record the cash and make a receipt' }).click();
  await expect(page.getByText(/^Receipt number/)).toBeVisible();
  await expect(page.getByText('Sent and recorded by EcoGrid.')).toBeVisible();
  await expectGoodScreen(page);
}

/**
 * The admin imports one pay-as-you-go unit of `product` through the devices page, as from the
 * manufacturer's file, and returns its serial number: the journey hands over a unit of its own
 * rather than one of the few demo units other journeys also take.
 */
export async function importDevice(admin: Page, product: string): Promise<string> {
  const found = await admin.request.get(`/api/catalog/products?q=${encodeURIComponent(product)}&limit=1`);
  const sku = ((await found.json()) as { items: { sku: string }[] }).items[0]!.sku;
  const serial = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const key = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const csv = `serial_number,product_sku,starting_code,secret_key\n${serial},${sku},${Math.floor(Math.random() * 1e8)},${key}\n`;
  await admin.goto('/admin/devices');
  await admin.getByLabel("Manufacturer's file (CSV)").setInputFiles({
    name: 'devices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await admin.getByRole('button', { name: 'Import devices' }).click();
  await expect(admin.getByText('1 device imported.')).toBeVisible();
  await expectGoodScreen(admin);
  return serial;
}
