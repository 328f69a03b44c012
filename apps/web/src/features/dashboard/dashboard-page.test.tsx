// @vitest-environment jsdom
import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEnglish, i18n } from '@/lib/i18n.ts';
import dashboardStrings from '@/locales/en.dashboard.json';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import { fakeServer } from '@/test/fake-server.ts';
import type { Dashboard } from './api.ts';
import DashboardPage from './dashboard-page.tsx';

const LOAN = '5b0e6f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const today = kampalaDate(new Date());

const aDashboard = (changes: Partial<Dashboard> = {}): Dashboard => ({
  today,
  devices: [
    {
      loanId: LOAN,
      loanNumber: 'LN-000042',
      name: 'Sun King Home 60',
      serial: 'SHS123456789',
      unlocked: false,
      powerEndsOn: addDays(today, 12),
      daysLeft: 12,
      latestToken: { token: '123 456 789', type: 'ADD_TIME', days: 30, issuedAt: '2026-03-02T07:15:00.000Z' },
    },
  ],
  nextPayment: { loanId: LOAN, loanNumber: 'LN-000042', amount: 225_000, dueDate: '2026-04-02' },
  daysLate: 3,
  loans: [
    {
      id: LOAN,
      number: 'LN-000042',
      productName: 'Sun King Home 60',
      status: 'active',
      paid: 300_000,
      owed: 900_000,
      totalCost: 1_200_000,
      nextDue: { amount: 225_000, dueDate: '2026-04-02' },
      daysPastDue: 3,
    },
  ],
  ordersOnTheirWay: [
    {
      id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      number: 'ORD-000017',
      status: 'shipped',
      total: 45_000,
      itemCount: 1,
      firstItem: 'Solar lantern',
      createdAt: '2026-03-01T09:00:00.000Z',
    },
  ],
  walletBalance: 50_000,
  kyc: { status: 'pending', completion: 40 },
  openTickets: 2,
  ...changes,
});

let answer: Dashboard | 'offline';
const server = fakeServer(
  ({ url }) =>
    url === '/api/me/dashboard' ? (answer === 'offline' ? 'offline' : { body: answer }) : { status: 404, body: {} },
  { setup: () => addEnglish(dashboardStrings) },
);

function show(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/customer-dashboard']}>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

beforeEach(() => {
  answer = aDashboard();
  server.start();
});
afterEach(() => onlineManager.setOnline(true));

describe('the customer dashboard', () => {
  it(
    'shows each unit’s days of power and latest token, what is due, the loans, orders, wallet and identity check',
    async () => {
      show();
      const unit = within((await screen.findByRole('heading', { name: 'Sun King Home 60' })).closest('article')!);
      expect(unit.getByTestId('days-left').textContent).toBe('12 days of power left');
      expect(unit.getByTestId('latest-token').textContent).toBe('123 456 789');
      expect(unit.getByText(/Type the numbers on the device's keypad/)).toBeTruthy();
      expect(unit.getByRole('link', { name: 'Pay now for Sun King Home 60' }).getAttribute('href')).toBe(
        `/customer/loan/${LOAN}`,
      );
      expect(unit.getByRole('link', { name: 'Report a fault for Sun King Home 60' }).getAttribute('href')).toBe(
        `/support/tickets/new?category=device_fault&loan=${LOAN}`,
      );
      const next = within(screen.getByRole('heading', { name: 'Next payment' }).closest('section')!);
      expect(next.getByText('UGX 225,000')).toBeTruthy();
      expect(next.getByText('3 days late')).toBeTruthy();
      const progress = screen.getByRole('progressbar', { name: 'Sun King Home 60' });
      expect(progress.getAttribute('aria-valuenow')).toBe('25');
      expect(screen.getByText('Paid UGX 300,000 of UGX 1,200,000')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'ORD-000017 · Solar lantern' })).toBeTruthy();
      expect(screen.getByText('UGX 50,000')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Finish the identity check' }).getAttribute('href')).toBe('/kyc');
      expect(screen.getByText('2 support tickets are open.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'See your tickets' }).getAttribute('href')).toBe('/support/tickets');
      expect(document.title).toBe('My dashboard · EcoGrid');
      await expectAccessible(document.body);
    },
    AXE_TIMEOUT_MS,
  );

  it('says when a unit ran out of power, and when one is paid off for good', async () => {
    const [unit] = aDashboard().devices;
    answer = aDashboard({
      devices: [
        { ...unit!, powerEndsOn: addDays(today, -2), daysLeft: 0 },
        {
          ...unit!,
          loanId: '6a0e6f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
          name: 'Solar lantern',
          unlocked: true,
          powerEndsOn: null,
          daysLeft: null,
        },
      ],
    });
    show();
    expect(await screen.findByText(/^Out of power since/)).toBeTruthy();
    const lantern = within(screen.getByRole('heading', { name: 'Solar lantern' }).closest('article')!);
    expect(lantern.getByText('Paid off: the device is yours for good.')).toBeTruthy();
    expect(lantern.queryByRole('link', { name: /Pay now/ })).toBeNull();
  });

  it('counts the days left from today when what was kept is shown days later', async () => {
    // Fetched four days ago with 12 days left: 8 are left today.
    answer = aDashboard({
      devices: [{ ...aDashboard().devices[0]!, powerEndsOn: addDays(today, 8), daysLeft: 12 }],
    });
    show();
    expect((await screen.findByTestId('days-left')).textContent).toBe('8 days of power left');
  });

  it('opens offline with what was last seen, saying when', async () => {
    onlineManager.setOnline(false);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['dashboard'], aDashboard(), { updatedAt: Date.parse('2026-11-25T11:03:00Z') });
    show(client);
    expect(screen.getByTestId('latest-token').textContent).toBe('123 456 789');
    expect(screen.getByText('Last updated 25 Nov 2026, 14:03 · offline')).toBeTruthy();
  });

  it('points to the marketplace when nothing is bought yet, with the wallet and a verified identity check', async () => {
    answer = aDashboard({
      devices: [],
      loans: [],
      nextPayment: null,
      daysLate: 0,
      ordersOnTheirWay: [],
      kyc: { status: 'verified', completion: 100 },
    });
    show();
    expect(await screen.findByRole('link', { name: 'Browse the marketplace' })).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Finish the identity check' })).toBeNull();
  });
});
