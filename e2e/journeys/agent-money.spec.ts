import { expect, test, type Page } from '@playwright/test';
import { adminSignIn } from '../support/admin-session.ts';
import {
  AGENT,
  agentSignIn,
  collectCashDue,
  newCustomer,
  registerCustomer,
  sellFor,
  smsFromOutbox,
} from '../support/agent-field.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// The agent's money, after a sale of their own: commission earned and withdrawn, cash handed over.
test.describe.configure({ mode: 'serial' });

const signInAdmin = adminSignIn();
let agent: Page;
let admin: Page;
let commission = 0;
const readSms = (to: string, pattern: RegExp) => smsFromOutbox(admin, to, pattern);
const ugx = (text: string | null) => Number(/UGX ([\d,]+)/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? NaN);

test.beforeAll(async ({ browser }) => {
  agent = await agentSignIn(browser, '/agent');
  admin = await signInAdmin(browser, '/admin/outbox');
});

test('an agent sells for cash and collects it: the commission shows on the dashboard and on the wallet statement', async () => {
  const customer = newCustomer('Kato Ronald');
  await registerCustomer(agent, customer, readSms);
  await agent.getByRole('link', { name: `Sell to ${customer.fullName}` }).click();
  await sellFor(agent, readSms, customer, { product: 'Sun King Boom Radio Lantern', credit: false });
  await collectCashDue(agent, 'For the order');

  await agent.goto('/agent');
  const today = agent.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('definition').last()).not.toHaveText('UGX 0');
  commission = ugx(await today.getByRole('definition').last().textContent());
  expect(commission).toBeGreaterThan(0);
  await expectGoodScreen(agent);

  await agent.getByRole('link', { name: 'Open the wallet to withdraw' }).click();
  await expect(agent).toHaveURL('/customer/wallet');
  const statement = agent.getByRole('region', { name: 'Statement' });
  await expect(statement.getByRole('listitem').filter({ hasText: 'Commission' }).first()).toBeVisible();
  await expectGoodScreen(agent);
});

test('the agent withdraws the commission to mobile money, confirmed by a code texted to their phone', async () => {
  await agent.goto('/customer/wallet');
  const withdraw = agent.getByRole('region', { name: 'Withdraw to mobile money' });
  await withdraw.getByLabel('Amount to withdraw (UGX)').fill(String(commission));
  await withdraw.getByRole('button', { name: 'Continue' }).click();
  await expect(agent.getByText(/^Withdraw UGX [\d,]+ to /)).toBeVisible();
  await agent.getByRole('button', { name: 'Send me a code' }).click();
  const code = await readSms(AGENT.phone, /your code to confirm a withdrawal is (\d{6})\./);
  await agent.getByLabel('Code from the SMS').fill(code);
  await expectGoodScreen(agent);
  await agent.getByRole('button', { name: `Withdraw UGX ${commission.toLocaleString('en-US')}` }).click();
  await expect(agent.getByText('Withdrawal sent').first()).toBeVisible({ timeout: 20_000 });
  await expectGoodScreen(agent);
});

test("an admin records the agent's cash handover, and the agent's cash on hand drops", async () => {
  await admin.goto('/admin/agents');
  await expect(admin.getByRole('link', { name: 'Demo Agent' }).first()).toBeVisible();
  await expectGoodScreen(admin);
  await admin.getByRole('link', { name: 'Demo Agent' }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Demo Agent' })).toBeVisible();
  await expectGoodScreen(admin);
  await admin.getByRole('button', { name: 'Record handover' }).click();
  // The form starts at all the cash the agent holds, which the agent's dashboard shows too (once
  // it has replaced the copy kept on the phone with the server's figures).
  const amount = admin.getByLabel('Amount (UGX)');
  const held = Number(await amount.inputValue());
  expect(held).toBeGreaterThan(0);
  const heldText = `UGX ${held.toLocaleString('en-US')}`;
  await agent.goto('/agent');
  const cash = agent.getByRole('region', { name: 'Cash on hand' }).getByText(/limit$/);
  await expect(cash).toHaveText(new RegExp(`^${heldText} of your UGX [\\d,]+ limit$`));

  await admin.getByLabel('How it was handed over').selectOption({ label: 'Cash' });
  await expectGoodScreen(admin);
  await admin.getByRole('button', { name: 'Record handover' }).last().click();
  await expect(admin.getByText(`${heldText} from Demo Agent is recorded.`)).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Cash handovers' })).toContainText(heldText);

  await agent.reload();
  await expect(cash).toHaveText(/^UGX 0 of your UGX [\d,]+ limit$/);
  await expectGoodScreen(agent);
});
