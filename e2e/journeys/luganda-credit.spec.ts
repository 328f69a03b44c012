import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../../apps/server/test/downloads.ts';
import { adminSignIn, signIn } from '../support/admin-session.ts';
import { setNoIncomeOutcome } from '../support/credit-policy.ts';
import { setPasswordByPhone } from '../support/phone-password.ts';
import { expectGoodScreen } from '../support/screen-check.ts';

// Namusoke Florence, of the demo agent's book, reads Luganda, is verified and has no loan yet; no
// other journey touches her. Registered by her agent without a password, she sets one by SMS.
const CUSTOMER = { local: '0772100211', e164: '+256772100211', password: 'matooke on the evening fire' };
const PRODUCT = 'Sun King Home 60 System';

type Tree = { [key: string]: string | Tree };
const catalogue = (language: string, ns: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../apps/server/src/locales/${language}/${ns}.json`), 'utf8'),
  ) as Tree;

/** Every notice title of the server's catalogues (the `title` under each notice) in one language. */
function noticeTitles(language: string): Set<string> {
  const titles = new Set<string>();
  const walk = (tree: Tree) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value !== 'string') walk(value);
      else if (key === 'title') titles.add(value);
    }
  };
  for (const ns of ['notifications', 'loan-notices']) walk(catalogue(language, ns));
  return titles;
}

const LUGANDA = noticeTitles('lg');
const ENGLISH = [...noticeTitles('en')].filter((title) => !LUGANDA.has(title));
const lg = catalogue('lg', 'notifications') as { loan: Record<string, { title: string }> };

const signInAdmin = adminSignIn();
let customer: Page;
let admin: Page;
const since = new Date().toISOString();

type Notice = { title: string; message: string; createdAt: string };
type Message = { channel: string; body: string | null; createdAt: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  admin = await signInAdmin(browser, '/admin/credit-policy');
  // An application without a declared income waits for a person, so an admin approves it.
  await setNoIncomeOutcome(admin, 'A person decides', 'Ask a person when no income is declared');
  customer = await (await browser.newContext()).newPage();
});

test.afterAll(async () => {
  await setNoIncomeOutcome(admin, 'Approve at once', 'Back to approving at once without a declared income');
});

test('a customer who reads Luganda buys on credit in the app, in Luganda', async () => {
  test.setTimeout(120_000);
  await customer.goto('/auth?redirect=%2Fmarketplace');
  await setPasswordByPhone(customer, admin, CUSTOMER);
  await signIn(customer, CUSTOMER.local, CUSTOMER.password);
  await expect(customer).toHaveURL('/marketplace');
  await expect(customer.locator('html')).toHaveAttribute('lang', 'lg');

  await customer.goto(`/marketplace?q=${encodeURIComponent(PRODUCT)}`);
  await customer
    .getByRole('link', { name: new RegExp(PRODUCT) })
    .first()
    .click();
  await customer.getByRole('button', { name: 'Gula ku bbanja' }).click();
  await expect(customer.getByText('Kiteekeddwa mu kagaali ko, okukigula ku bbanja.').first()).toBeVisible();

  await customer.goto('/checkout');
  await customer.getByText('Nkyeddira ku dduuka', { exact: true }).click();
  await customer.getByRole('group', { name: 'Ekifo we bakyeddira' }).getByRole('radio').first().check();
  await customer.getByRole('checkbox', { name: /^Nzikiriza ebiri mu bbanja lino/ }).check();
  await expectGoodScreen(customer);
  await customer.getByRole('button', { name: /^Saba ebbanja · / }).click();
  await expect
    .poll(async () => (await loans()).map((l) => l.status), { timeout: 20_000 })
    .toContain('pending_approval');
});

test('an admin approves the application', async () => {
  await admin.goto('/admin/loans/approvals');
  await admin.getByRole('listitem').filter({ hasText: 'Namusoke Florence' }).getByRole('link').first().click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByRole('region', { name: 'Status' })).toContainText('Approved, deposit not paid yet');
});

test('she pays the deposit by mobile money and the loan starts', async () => {
  test.setTimeout(60_000);
  const loan = (await loans()).find((l) => l.status === 'approved')!;
  await customer.goto(`/customer/loan/${loan.id}`);
  await customer.getByText('Mobile money', { exact: true }).click();
  await customer.getByRole('button', { name: /^Sasula omusingo · UGX/ }).click();
  await expect
    .poll(async () => (await loans()).find((l) => l.id === loan.id)?.status, { timeout: 30_000 })
    .toBe('active');
});

test('every notice, SMS and the receipt she got are in Luganda', async () => {
  test.setTimeout(60_000);
  const { items } = (await (await customer.request.get('/api/notifications')).json()) as { items: Notice[] };
  const mine = items.filter((n) => n.createdAt >= since);
  const titles = mine.map((n) => n.title);
  expect(titles).toEqual(expect.arrayContaining([lg.loan.approved!.title, lg.loan.active!.title]));
  for (const notice of mine) {
    expect(LUGANDA, notice.title).toContain(notice.title);
    for (const english of ENGLISH) expect(`${notice.title} ${notice.message}`).not.toContain(english);
  }
  await customer.goto('/inbox');
  await expect(customer.getByText(lg.loan.active!.title).first()).toBeVisible();
  await expectGoodScreen(customer);

  // Every SMS sent to her during the journey: the reset code, the approval, the payment.
  let texts: string[] = [];
  await expect(async () => {
    const outbox = await admin.request.get(
      `/api/admin/outbox?channel=sms&recipient=${encodeURIComponent(CUSTOMER.e164)}`,
    );
    const { items: messages } = (await outbox.json()) as { items: Message[] };
    texts = messages.filter((m) => m.createdAt >= since).map((m) => m.body ?? '');
    expect(texts.some((text) => text.includes(lg.loan.approved!.title))).toBe(true);
  }).toPass({ timeout: 20_000 });
  for (const text of texts) for (const english of ENGLISH) expect(text).not.toContain(english);
  expect(texts.join('\n')).not.toMatch(/\b(Your|your|payment|received|approved|deposit)\b/);

  const orders = (await (await customer.request.get('/api/orders')).json()) as { items: { id: string }[] };
  const receipt = await customer.request.get(`/api/orders/${orders.items[0]!.id}/receipt`);
  expect(receipt.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await receipt.body());
  expect(text).toContain("Lisiiti y'oda");
  expect(text).toContain('Omusingo gwasasulwa ku');
  expect(text).not.toMatch(/Receipt|Deposit|instalments/);
});

async function loans() {
  const response = await customer.request.get('/api/loans');
  return ((await response.json()) as { loans: { id: string; status: string }[] }).loans;
}
