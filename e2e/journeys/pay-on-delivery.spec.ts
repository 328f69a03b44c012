import { expect, test, type Page } from '@playwright/test';
import { adminSignIn } from '../support/admin-session.ts';
import { agentSignIn } from '../support/agent-field.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// The demo customer has no agent: they choose to pay at pickup, an admin names the demo agent to
// meet them, and the agent takes the cash and hands the order over.
const CUSTOMER = { email: 'customer@ecogrid.demo', password: 'solar lantern at dusk' };

test.describe.configure({ mode: 'serial' });

const signInAdmin = adminSignIn();
let customer: Page;
let orderPath = '';
let orderNumber = '';

test.beforeAll(async ({ browser }) => {
  customer = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await customer.goto('/marketplace');
  expect((await customer.request.post('/api/auth/sign-in/email', { data: CUSTOMER })).ok()).toBe(true);
});

test('a customer orders a lantern to pay at the pickup point, in cash when they collect it', async () => {
  test.setTimeout(60_000);
  await customer.goto('/marketplace?q=sun%20king%20lantern');
  await customer
    .getByRole('link', { name: /Sun King/ })
    .first()
    .click();
  await customer.getByRole('button', { name: 'Add to cart' }).click();
  await expect(customer.locator('[data-sonner-toast]').filter({ hasText: 'Product added to cart' })).toBeVisible();
  await customer.goto('/checkout');
  await expect(customer.getByText(/^Balance: UGX/)).toBeVisible();
  await customer.getByLabel('Pick up at a shop').check();
  await customer.getByLabel(/^EcoGrid Kampala shop/).check();
  await customer.getByText('Pay at pickup', { exact: true }).click();
  await expect(customer.getByRole('radio', { name: /^Pay at pickup/ })).toBeChecked();
  await expect(customer.getByText(/to the EcoGrid agent who brings it/)).toBeVisible();
  await expectGoodScreen(customer);
  await customer.getByRole('button', { name: /^Place order · pay UGX [\d,]+ on delivery$/ }).click();

  await expect(customer).toHaveURL(/\/my-orders\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  orderPath = new URL(customer.url()).pathname;
  await expect(customer.getByText('Your order is placed. Pay when you receive it', { exact: false })).toBeVisible();
  orderNumber = /ORD-\d+/.exec((await customer.getByRole('heading', { level: 1 }).textContent()) ?? '')![0];
  await expect(customer.getByText('To pay at pickup')).toBeVisible();
  await expect(customer.getByText(/We will tell you who brings it/)).toBeVisible();
  await expectGoodScreen(customer);
});

test('an admin names the agent who meets the customer and takes the money', async ({ browser }) => {
  const admin = await signInAdmin(browser, `/admin${orderPath.replace('/my-orders', '/orders')}`);
  const part = admin.getByRole('region', { name: 'Who brings it and takes the money' });
  await expect(part.getByText(/nobody brings it yet/)).toBeVisible();
  const agentOption = part.getByRole('option', { name: /^Demo Agent/ });
  await expect(agentOption).toBeAttached();
  await part.getByLabel('Agent').selectOption({ label: (await agentOption.textContent())! });
  await expectGoodScreen(admin);
  await part.getByRole('button', { name: 'Give it to this agent' }).click();
  await expect(admin.getByText('Demo Agent brings it now. The agent and the customer are told.')).toBeVisible();

  await customer.reload();
  await expect(customer.getByText(/to Demo Agent when you receive it/)).toBeVisible();
  await expect(customer.getByRole('link', { name: 'Call Demo Agent' })).toBeVisible();
});

test('the agent takes the cash, hands the order over, and the customer sees it delivered', async ({ browser }) => {
  test.setTimeout(60_000);
  const agent = await agentSignIn(browser, '/agent/deliveries');
  const item = agent.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(item.getByText('Not in yet', { exact: false })).toBeVisible();
  await expectGoodScreen(agent);
  await item.getByRole('button', { name: 'Take cash' }).click();
  await expect(item.getByLabel('Amount received (UGX)')).not.toHaveValue('');
  await item.getByRole('button', { name: 'Record the cash and make a receipt' }).click();
  await expect(item.getByText('Sent and recorded by EcoGrid.')).toBeVisible({ timeout: 20_000 });

  await agent.reload();
  const paid = agent.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(paid.getByText('In: hand it over')).toBeVisible();
  await paid.getByRole('button', { name: 'Hand it over' }).click();
  await expect(agent.getByText(`Order ${orderNumber} is handed over to`, { exact: false })).toBeVisible();
  await expectGoodScreen(agent);

  await customer.reload();
  await expect(customer.getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expect(customer.getByText(/^Handed over by Demo Agent/)).toBeVisible();
  await expectGoodScreen(customer);
});
