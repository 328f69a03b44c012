// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_STORAGE_KEY, renderAgentPage } from '@/test/agent-setup.tsx';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, type Reply } from '@/test/fake-server.ts';
import AgentDashboardPage from './dashboard-page.tsx';
import type { AgentDashboard } from './field-api.ts';

const aDashboard = (changes: Partial<AgentDashboard> = {}): AgentDashboard => ({
  agent: { name: 'Okello Peter', agentCode: 'AG-0001', commissionRateBp: 500 },
  today: { sales: 350_000, salesCount: 1, collections: 60_000, collectionsCount: 3, commission: 17_500 },
  month: { sales: 2_100_000, salesCount: 6, collections: 840_000, collectionsCount: 31, commission: 105_000 },
  target: { month: '2026-03-01', salesTarget: 3_000_000, collectionsTarget: 1_000_000 },
  cashOnHand: 120_000,
  cashLimit: 500_000,
  walletBalance: 87_500,
  customersToVisit: 4,
  ...changes,
});

let dashboard: Reply;
let followUps: Reply;
let repossessions: Reply;
const server = fakeServer(({ url }) => {
  if (url === '/api/agent/dashboard') return dashboard;
  if (url === '/api/agent/follow-ups') return followUps;
  if (url === '/api/agent/repossessions') return repossessions;
  return { status: 404, body: { error: { code: 'not_found', message: 'x' } } };
});

beforeEach(() => {
  localStorage.clear();
  dashboard = { body: aDashboard() };
  followUps = { body: { items: [{ id: 'f1' }, { id: 'f2' }] } };
  repossessions = { body: { repossessions: [{ id: 'r1' }] } };
  server.start();
});

const renderPage = () => renderAgentPage('/agent', { '/agent': <AgentDashboardPage /> });
const card = async (name: string) => within((await screen.findByRole('heading', { name })).closest('section')!);

describe('the agent dashboard', () => {
  it("shows today's and this month's figures, the target, the wallet and whom to visit", async () => {
    const { container } = renderPage();
    const today = await card('Today');
    expect(document.title).toBe('Agent dashboard · EcoGrid');
    expect(screen.getByText(/Hello, Okello Peter/).textContent).toContain('agent code AG-0001');
    expect(today.getByText('Sales').nextElementSibling!.textContent).toBe('UGX 350,0001 sale');
    expect(today.getByText('Commission').nextElementSibling!.textContent).toBe('UGX 17,500');
    const month = await card('This month');
    expect(month.getByText('Cash collected').nextElementSibling!.textContent).toBe('UGX 840,00031 collections');

    const target = await card("This month's target");
    expect(target.getByRole('progressbar', { name: 'Sales: UGX 2,100,000 of UGX 3,000,000' })).toBeTruthy();
    expect(
      target.getByRole('progressbar', { name: 'Cash collected: UGX 840,000 of UGX 1,000,000' }).getAttribute('value'),
    ).toBe('840000');

    const visits = await card('4 customers to visit');
    expect(visits.getByRole('link', { name: 'See customers to visit' }).getAttribute('href')).toBe('/agent/visits');
    const wallet = await card('Wallet balance');
    expect(wallet.getByText('UGX 87,500')).toBeTruthy();
    expect(wallet.getByRole('link', { name: 'Open the wallet to withdraw' }).getAttribute('href')).toBe(
      '/customer/wallet',
    );
    await expectAccessible(container);
  });

  it('counts the follow-ups due and the units to take back, each with its list', async () => {
    renderPage();
    const collections = await card('2 follow-ups due');
    expect(collections.getByRole('link', { name: 'See follow-ups' }).getAttribute('href')).toBe('/agent/follow-ups');
    expect(collections.getByText('1 unit to take back')).toBeTruthy();
    expect(collections.getByRole('link', { name: 'See units to take back' }).getAttribute('href')).toBe(
      '/agent/repossessions',
    );
  });

  it('still links the follow-ups when they cannot be counted, and hides an empty repossession list', async () => {
    followUps = { status: 500, body: { error: { code: 'internal', message: 'x' } } };
    repossessions = { body: { repossessions: [] } };
    renderPage();
    const collections = await card('Follow-ups');
    expect(collections.getByRole('link', { name: 'See follow-ups' })).toBeTruthy();
    expect(collections.queryByRole('link', { name: 'See units to take back' })).toBeNull();
  });

  it('shows cash on hand against the limit, without a warning far from it', async () => {
    renderPage();
    const cash = await card('Cash on hand');
    expect(cash.getByText('UGX 120,000 of your UGX 500,000 limit')).toBeTruthy();
    expect(cash.getByRole('meter', { name: 'Cash on hand' }).getAttribute('value')).toBe('120000');
    expect(cash.queryByRole('alert')).toBeNull();
  });

  it('warns near the cash limit, and says to hand over at it', async () => {
    dashboard = { body: aDashboard({ cashOnHand: 420_000 }) };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are close to your cash limit. Hand over cash soon.',
    );
  });

  it('says to hand over cash before collecting more at the limit', async () => {
    dashboard = { body: aDashboard({ cashOnHand: 500_000, target: null, customersToVisit: 0 }) };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have reached your cash limit. Hand over cash before you collect more.',
    );
    expect(screen.getByText('No target has been set for this month.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No customers to visit' })).toBeTruthy();
  });

  it('counts what waits on the phone to be sent, with the way to it', async () => {
    localStorage.setItem(
      OUTBOX_STORAGE_KEY,
      JSON.stringify([
        {
          key: '0b6f8f0e-4a1c-4d2b-9e3f-5a6b7c8d9e0f',
          kind: 'visit-note',
          path: '/api/agent/visit-notes',
          body: { clientKey: '0b6f8f0e-4a1c-4d2b-9e3f-5a6b7c8d9e0f' },
          summary: { customerName: 'Nakato Sarah' },
          recordedAt: '2026-03-02T07:15:00.000Z',
          status: 'refused',
          attempts: 1,
          reason: 'This customer is not yours.',
        },
      ]),
    );
    renderPage();
    const sync = await card('Waiting to sync');
    expect(sync.getByText('1 action refused: see why')).toBeTruthy();
    expect(sync.getByRole('link', { name: 'See what is waiting' }).getAttribute('href')).toBe('/agent/sync');
  });

  it('tells an account that is not an approved agent plainly', async () => {
    dashboard = { status: 403, body: { error: { code: 'forbidden', message: 'This is for approved agents only.' } } };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('For approved agents only');
  });
});
