import { expect, test, type Page } from '@playwright/test';
import { adminSignIn, deliverWithDevice } from '../support/admin-session.ts';
import {
  agentSignIn,
  collectCashDue,
  importDevice,
  newCustomer,
  registerCustomer,
  sellFor,
  smsFromOutbox,
  type Customer,
} from '../support/agent-field.ts';
import { fillIdentityCheck } from '../support/identity-check.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// One customer's story, step by step: each test starts where the one before left them.
test.describe.configure({ mode: 'serial' });

const signInAdmin = adminSignIn();
const PRODUCT = 'Sun King Home 60 System';
const customer: Customer = newCustomer('Namutebi Florence');
let agent: Page;
let admin: Page;
let orderNumber = '';
const readSms = (to: string, pattern: RegExp) => smsFromOutbox(admin, to, pattern);
const customerPage = () => `/agent/customers/${encodeURIComponent(customer.id!)}`;

test.beforeAll(async ({ browser }) => {
  agent = await agentSignIn(browser, '/agent');
  admin = await signInAdmin(browser, '/admin/outbox');
});

test('an agent registers a customer in the field, who confirms with the code from their SMS', async () => {
  customer.id = await registerCustomer(agent, customer, readSms);
  await expect(agent.getByText('Church Zone, Kampala Central, Kampala')).toBeVisible();
  await expectGoodScreen(agent);
  // Where the admin read the customer's code.
  await expectGoodScreen(admin);
});

test("the agent does the customer's identity check with them, and an admin approves it", async () => {
  await agent.goto(customerPage());
  await agent.getByRole('link', { name: 'Continue identity check' }).click();
  await expect(agent.getByRole('heading', { level: 1, name: `Identity check for ${customer.fullName}` })).toBeVisible();
  await expectGoodScreen(agent);

  await fillIdentityCheck(agent, { fullName: customer.fullName, born: '1988-09-21', nin: 'CF88 0123 4567 8X' });
  await expectGoodScreen(agent);
  await agent.getByRole('button', { name: 'Submit for checking' }).click();
  await expect(agent.getByTestId('kyc-status')).toHaveText('Being checked');

  await admin.goto('/admin/kyc');
  await expect(admin.getByRole('article').filter({ hasText: customer.fullName })).toBeVisible();
  await expectGoodScreen(admin);
  await admin.getByRole('article').filter({ hasText: customer.fullName }).getByRole('link').first().click();
  await expect(admin.getByText('CF88012345678X')).toBeVisible();
  await expectGoodScreen(admin);
  await admin.getByRole('button', { name: 'Approve' }).click();

  await agent.goto(customerPage());
  await expect(agent.getByText('Verified')).toBeVisible();
});

test('the agent sells the customer a solar home system on credit, the terms accepted by SMS code, and collects the deposit in cash', async () => {
  await agent.goto(customerPage());
  await agent.getByRole('link', { name: `Sell to ${customer.fullName}` }).click();
  await sellFor(agent, readSms, customer, { product: PRODUCT, credit: true });
  await expect(agent.getByText(new RegExp(`^Loan LN-\\d+ for ${PRODUCT} is the customer's\\.$`))).toBeVisible();
  await collectCashDue(agent, 'Deposit of the loan');

  // The deposit paid, the loan is active and its order waits to be delivered.
  await agent.reload();
  const loans = agent.getByRole('region', { name: 'Loans' });
  await expect(loans.getByRole('listitem').filter({ hasText: PRODUCT })).toContainText('Active');
  const order = agent.getByRole('region', { name: 'Orders' }).getByText(new RegExp(`· ${PRODUCT}$`));
  orderNumber = /^(\S+) ·/.exec((await order.textContent()) ?? '')?.[1] ?? '';
  expect(orderNumber).toBeTruthy();
  await expectGoodScreen(agent);
});

test('an admin delivers the order with a unit of the product, which the loan takes', async () => {
  const serial = await importDevice(admin, PRODUCT);
  await admin.goto(`/admin/orders?q=${encodeURIComponent(orderNumber)}`);
  await expectGoodScreen(admin);
  await admin.getByRole('link', { name: orderNumber }).click();
  await expect(admin.getByRole('heading', { level: 1, name: new RegExp(orderNumber) })).toBeVisible();
  await deliverWithDevice(admin, serial);
  await expect(admin.getByText(`${orderNumber} is now “Delivered”.`)).toBeVisible();
  await expectGoodScreen(admin);
});

test('offline, the agent records a cash repayment with a receipt at once; back online it syncs and the customer gets the token by SMS', async () => {
  await agent.goto(customerPage());
  await agent.evaluate(() => navigator.serviceWorker.ready);
  await expect(agent.getByRole('heading', { level: 1, name: customer.fullName })).toBeVisible();

  await agent.context().setOffline(true);
  await agent.getByRole('button', { name: 'Collect cash' }).click();
  await agent.getByLabel('Amount received (UGX)').fill('20000');
  await agent.getByRole('button', { name: 'Record the cash and make a receipt' }).click();
  const receipt = agent.getByText(/^Receipt number/);
  await expect(receipt).toBeVisible();
  const receiptNumber = ((await receipt.locator('span').textContent()) ?? '').trim();
  expect(receiptNumber).toMatch(/\S{6,}/);
  await expect(agent.getByText(`UGX 20,000 received from ${customer.fullName}.`)).toBeVisible();
  await expect(agent.getByText('Waiting to send. It goes by itself when the phone has a network.')).toBeVisible();
  await expectGoodScreen(agent);

  // The app opens again without a network, and lists what waits to be sent.
  await agent.goto('/agent/sync');
  await expect(agent.getByRole('heading', { level: 1, name: 'Waiting to sync' })).toBeVisible();
  await expect(agent.getByText('1 action waiting to send')).toBeVisible();
  const queued = agent.getByRole('listitem').filter({ hasText: receiptNumber });
  await expect(queued.getByRole('heading')).toHaveText(`Cash collected · ${customer.fullName}`);
  await expect(queued).toContainText('UGX 20,000');
  await expect(queued).toContainText('Waiting to send');
  await expectGoodScreen(agent);

  await agent.context().setOffline(false);
  await expect(queued).toContainText('Sent and recorded by EcoGrid.');
  await expect(queued).toContainText(/Token: \d/);
  await expect(agent.getByText('0 actions waiting to send')).toBeVisible();
  const shown = /Token: (\d+)/.exec((await queued.textContent()) ?? '')?.[1];

  // The customer's SMS receipt carries the same token, read out in threes.
  const texted = await readSms(
    customer.e164,
    new RegExp(`EcoGrid receipt ${receiptNumber}: UGX 20,000 cash received by Demo Agent for .*Token: ([\\d ]+)`),
  );
  expect(texted.trim().replace(/\s/g, '')).toBe(shown);
});
