import { expect, test, type Page } from '@playwright/test';
import { adminSignIn } from '../support/admin-session.ts';
import { agentSignIn } from '../support/agent-field.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// The demo agent's collections, on a phone: the demo book's loan 95 days behind is defaulted by
// the daily run at start-up, which also opens a follow-up for each of the agent's loans past due.
test.describe.configure({ mode: 'serial' });

const signInAdmin = adminSignIn();
const CUSTOMER = 'Nabirye Agnes';
let agent: Page;
let admin: Page;
let loanId = '';

const kampalaToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

test.beforeAll(async ({ browser }) => {
  agent = await agentSignIn(browser, '/agent');
  admin = await signInAdmin(browser, '/admin/loans');
});

test('the agent sees the follow-ups due and records a promise to pay', async () => {
  const card = agent.getByRole('region', { name: /follow-ups? due$/ });
  await expect(card).toBeVisible();
  await expectGoodScreen(agent);
  await card.getByRole('link', { name: 'See follow-ups' }).click();
  await expect(agent.getByRole('heading', { level: 1, name: 'Follow-ups' })).toBeVisible();
  const item = agent.getByRole('listitem').filter({ has: agent.getByRole('heading', { name: CUSTOMER }) });
  await expect(item.getByText(/in arrears$/)).toBeVisible();
  await expectGoodScreen(agent);

  await item.getByRole('button', { name: 'Record what happened' }).click();
  await item.getByLabel('What happened').selectOption({ label: 'Promise to pay' });
  await item.getByLabel('Amount promised (UGX)').fill('20,000');
  await item.getByLabel('Promised by (date)').fill(kampalaToday());
  await item.getByLabel('Note (optional)').fill('Pays after selling coffee');
  await expectGoodScreen(agent);
  await item.getByRole('button', { name: 'Save the outcome' }).click();
  await expect(agent.getByText(`Outcome saved for ${CUSTOMER}.`)).toBeVisible();
  await expect(agent.getByRole('heading', { name: CUSTOMER })).toHaveCount(0);
  await expectGoodScreen(agent);
});

test("an admin starts taking the defaulted loan's unit back, for the demo agent", async () => {
  const origin = new URL(admin.url()).origin;
  const agents = (await (await admin.request.get('/api/admin/agents?q=EG-DEMO-01')).json()) as {
    items: { id: string }[];
  };
  const agentId = agents.items[0]?.id;
  expect(agentId).toBeTruthy();
  const loans = (await (await admin.request.get('/api/admin/loans?status=defaulted&limit=50')).json()) as {
    items: { id: string; customerName: string }[];
  };
  loanId = loans.items.find((l) => l.customerName === CUSTOMER)?.id ?? '';
  expect(loanId).toBeTruthy();
  const started = await admin.request.post(`/api/admin/loans/${loanId}/repossessions`, {
    data: { reason: 'In default for over 90 days', agentId },
    headers: { origin },
  });
  expect(started.status(), await started.text()).toBe(201);
});

test('the agent fails once to take the unit back, then recovers it', async () => {
  await agent.goto('/agent');
  await agent.getByRole('link', { name: 'See units to take back' }).click();
  await expect(agent.getByRole('heading', { level: 1, name: 'Units to take back' })).toBeVisible();
  const item = agent.getByRole('listitem').filter({ has: agent.getByRole('heading', { name: CUSTOMER }) });
  await expect(item.getByText('Why: In default for over 90 days')).toBeVisible();
  await expectGoodScreen(agent);

  await item.getByRole('button', { name: 'Record the attempt' }).click();
  await item.getByLabel('Was the unit recovered?').selectOption({ label: 'Not recovered' });
  await item.getByLabel('Why it was not recovered').fill('Nobody at home');
  await expectGoodScreen(agent);
  await item.getByRole('button', { name: 'Save the attempt' }).click();
  await expect(agent.getByText(`Attempt recorded for ${CUSTOMER}.`, { exact: false })).toBeVisible();
  await expectGoodScreen(agent);

  const again = agent.getByRole('listitem').filter({ has: agent.getByRole('heading', { name: CUSTOMER }) });
  await again.getByRole('button', { name: 'Record the attempt' }).click();
  await again.getByLabel('Was the unit recovered?').selectOption({ label: 'Recovered' });
  await again.getByLabel("The unit's condition").selectOption({ label: 'Good' });
  await again.getByLabel('Note (optional)').fill('Unit and panel complete');
  await expectGoodScreen(agent);
  await again.getByRole('button', { name: 'Save the attempt' }).click();
  await expect(agent.getByText(/recovered from Nabirye Agnes: the loan closes as repossessed\.$/)).toBeVisible();
  // Another demo customer's unit is still to be taken back; this one has left the list.
  await expect(agent.getByRole('heading', { name: CUSTOMER })).toHaveCount(0);
  await expectGoodScreen(agent);
});

test('the admin sees the loan closed as repossessed', async () => {
  await admin.goto(`/admin/loans/${loanId}`);
  await expect(admin.getByText('Repossessed').first()).toBeVisible();
  await expectGoodScreen(admin);
});
