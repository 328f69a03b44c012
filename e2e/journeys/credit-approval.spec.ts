import { expect, test, type Page } from '@playwright/test';
import { adminSignIn } from '../support/admin-session.ts';
import {
  agentSignIn,
  newCustomer,
  registerCustomer,
  sellFor,
  smsFromOutbox,
  type Customer,
} from '../support/agent-field.ts';
import { NO_INCOME, setNoIncomeOutcome } from '../support/credit-policy.ts';
import { fillIdentityCheck } from '../support/identity-check.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// One application's story: each test starts where the one before left it.
test.describe.configure({ mode: 'serial' });

const signInAdmin = adminSignIn();
const PRODUCT = 'Sun King Home 60 System';
const customer: Customer = newCustomer('Akello Brenda');
let agent: Page;
let admin: Page;
const readSms = (to: string, pattern: RegExp) => smsFromOutbox(admin, to, pattern);
const customerPage = () => `/agent/customers/${encodeURIComponent(customer.id!)}`;

test.beforeAll(async ({ browser }) => {
  agent = await agentSignIn(browser, '/agent');
  admin = await signInAdmin(browser, '/admin/credit-policy');
});

test('an admin sets the credit policy so an application without a declared income waits for a person', async () => {
  await expect(admin.getByRole('heading', { name: 'In force' })).toBeVisible();
  await expectGoodScreen(admin);
  await setNoIncomeOutcome(admin, 'A person decides', 'Ask a person when no income is declared');
  const inForce = admin.getByRole('region', { name: 'In force' });
  await expect(inForce.getByText('Ask a person when no income is declared')).toBeVisible();
  await expect(
    admin
      .getByRole('list', { name: 'Earlier versions' })
      .getByText(/^Changed: Outcomes$/)
      .first(),
  ).toBeVisible();
  await expectGoodScreen(admin);
});

test('a verified customer applies for credit through their agent, declaring no income', async () => {
  customer.id = await registerCustomer(agent, customer, readSms);
  await agent.goto(customerPage());
  await agent.getByRole('link', { name: 'Continue identity check' }).click();
  await fillIdentityCheck(agent, { fullName: customer.fullName, born: '1991-04-12', nin: 'CF91 0456 7890 1Y' });
  await agent.getByRole('button', { name: 'Submit for checking' }).click();
  await expect(agent.getByTestId('kyc-status')).toHaveText('Being checked');
  await admin.goto('/admin/kyc');
  await admin.getByRole('article').filter({ hasText: customer.fullName }).getByRole('link').first().click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await agent.goto(customerPage());
  await expect(agent.getByText('Verified')).toBeVisible();

  await agent.getByRole('link', { name: `Sell to ${customer.fullName}` }).click();
  await sellFor(agent, readSms, customer, { product: PRODUCT, credit: true });
});

test('the admin opens the waiting application, reads the credit history and the reasons, and approves', async () => {
  await admin.goto('/admin/loans/approvals');
  const card = admin.getByRole('listitem').filter({ hasText: customer.fullName });
  await expect(card).toBeVisible();
  await expectGoodScreen(admin);
  await card.getByRole('link').first().click();

  const history = admin.getByRole('region', { name: 'Credit history' });
  await expect(history.getByText('The policy suggests: A person decides')).toBeVisible();
  await expect(history.getByText(/^Judged by credit policy version \d+\.$/)).toBeVisible();
  await expect(history.getByRole('list', { name: 'Why' })).toContainText(`${NO_INCOME}: A person decides`);
  await expect(history.getByText('New customer: no instalment due yet, so no repayment score')).toBeVisible();
  await expect(history.getByText('No other loans.')).toBeVisible();
  await expectGoodScreen(admin);

  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByRole('region', { name: 'Status' })).toContainText('Approved, deposit not paid yet');
  await expectGoodScreen(admin);
});

test.afterAll(async () => {
  // The journeys after this one buy on credit under the default outcome.
  await setNoIncomeOutcome(admin, 'Approve at once', 'Back to approving at once without a declared income');
});
