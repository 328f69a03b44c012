// @vitest-environment jsdom
import type { BusinessSummary } from '@ecogrid/core/business';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@/test/axe.ts';
import AdminHomePage from './home-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';

const period = (from: string, cash: number) => ({
  from,
  cashSales: { amount: cash, count: 2 },
  creditSales: { amount: 1_200_000, count: 1 },
  collections: { amount: 300_000, count: 3 },
  applications: 4,
});
const summary: BusinessSummary = {
  today: period('2026-03-12', 150_000),
  week: period('2026-03-09', 450_000),
  month: period('2026-03-01', 900_000),
  waiting: { loanApprovals: 5, identityChecks: 7, failedJobs: 1 },
  par: { day: '2026-03-11', par1: 2308, par30: 769 },
  agentCash: 70_000,
  days: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-0${i < 18 ? 2 : 3}-${String(i < 18 ? 11 + i : i - 17).padStart(2, '0')}`,
    sales: i === 29 ? 1_350_000 : 0,
    collections: i === 29 ? 300_000 : 0,
  })),
};

let healthReply: { status: number; body: unknown };
let meReply: { status: number; body: unknown } | null = null;
const server = fakeServer(({ url }) =>
  url === '/api/admin/business-summary'
    ? { status: 200, body: summary }
    : url === '/api/me' && meReply
      ? meReply
      : healthReply,
);

beforeEach(() => {
  meReply = null;
  server.start();
});

describe('the admin home', () => {
  it('shows a degraded system (503) as a status, not as a failure', async () => {
    healthReply = {
      status: 503,
      body: {
        status: 'degraded',
        version: '0.1.0+abc123',
        database: { reachable: true, kind: 'postgres' },
        migrations: { applied: 6, expected: 7, upToDate: false },
        jobs: { reachable: false },
      },
    };
    renderPage(AdminHomePage, '/admin');
    expect(await screen.findByText('Needs attention')).toBeTruthy();
    expect(screen.getByText(/PostgreSQL/).textContent).toContain('PostgreSQL');
    expect(screen.getByText('6 of 7 applied')).toBeTruthy();
    expect(screen.getByText('Not up to date')).toBeTruthy();
    const jobsFact = screen.getAllByText('Background jobs').find((element) => element.tagName === 'DT');
    expect(jobsFact?.parentElement?.textContent).toContain('Not reachable');
    expect(screen.getByText('0.1.0+abc123')).toBeTruthy();
  });

  it('links to the admin tools', async () => {
    healthReply = {
      status: 200,
      body: {
        status: 'ok',
        version: '0.1.0',
        database: { reachable: true, kind: 'pglite' },
        migrations: { applied: 7, expected: 7, upToDate: true },
        jobs: { reachable: true },
      },
    };
    renderPage(AdminHomePage, '/admin');
    expect(await screen.findByText('Everything is working')).toBeTruthy();
    const tools = screen.getByRole('navigation', { name: 'Admin tools' });
    const links = within(tools)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/admin/reports',
      '/admin/users',
      '/security-dashboard',
      '/admin/outbox',
      '/admin/jobs',
      '/system-testing',
      '/admin/approvals',
      '/admin/payments',
      '/admin/paybill',
      '/admin/support',
      '/admin/support-requests',
      '/admin/campaigns',
      '/admin/orders',
      '/admin/kyc',
      '/admin/loans',
      '/admin/loans/approvals',
      '/admin/credit-policy',
      '/admin/follow-ups',
      '/admin/repossessions',
      '/admin/write-offs',
      '/admin/agents',
      '/admin/devices',
      '/admin/products',
      '/admin/categories',
      '/admin/stock',
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the business today, this week and this month, each figure opening its list', async () => {
    healthReply = {
      status: 200,
      body: {
        status: 'ok',
        version: '0.1.0',
        database: { reachable: true, kind: 'pglite' },
        migrations: { applied: 7, expected: 7, upToDate: true },
        jobs: { reachable: true },
      },
    };
    renderPage(AdminHomePage, '/admin');
    const today = within(await screen.findByRole('region', { name: 'Today' }));
    expect(today.getByRole('link', { name: 'UGX 150,000 (2)' }).getAttribute('href')).toBe('/admin/orders?status=paid');
    expect(today.getByRole('link', { name: 'UGX 1,200,000 (1)' }).getAttribute('href')).toBe(
      '/admin/loans?status=active',
    );
    expect(screen.getByRole('region', { name: /^This week \(from / }).textContent).toContain('UGX 450,000 (2)');
    const now = within(screen.getByRole('region', { name: 'Now' }));
    expect(now.getByRole('link', { name: '5' }).getAttribute('href')).toBe('/admin/loans/approvals');
    expect(now.getByRole('link', { name: '7' }).getAttribute('href')).toBe('/admin/kyc');
    expect(now.getByRole('link', { name: '7.69%' }).getAttribute('href')).toBe(
      '/admin/loans?status=active&minDaysPastDue=30',
    );
    expect(now.getByRole('link', { name: 'UGX 70,000' }).getAttribute('href')).toBe('/admin/agents');
    const days = screen.getByRole('table', { name: 'Sales and collections, last 30 days' });
    const rows = within(days).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]!.textContent).toContain('UGX 1,350,000');
    // The same days drawn as lines (loaded on its own), the table above being their equivalent.
    const chart = await screen.findByRole('img', {
      name: 'Sales and collections, last 30 days: chart of the figures in the table below',
    });
    const names = [...chart.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent);
    expect(names.sort()).toEqual(['Collections', 'Sales']);
    expect(screen.getByRole('link', { name: 'Collections' }).getAttribute('href')).toBe('/admin/reports/collections');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a support agent only the tools their role opens, and no business figures', async () => {
    healthReply = {
      status: 200,
      body: {
        status: 'ok',
        version: '0.1.0',
        database: { reachable: true, kind: 'pglite' },
        migrations: { applied: 7, expected: 7, upToDate: true },
        jobs: { reachable: true },
      },
    };
    meReply = {
      status: 200,
      body: {
        staffRole: 'support',
        staffRights: ['customers.read', 'catalog.read', 'orders.read', 'support.read', 'support.change', 'kyc.read'],
      },
    };
    renderPage(AdminHomePage, '/admin');
    expect(await screen.findByText('Everything is working')).toBeTruthy();
    const tools = screen.getByRole('navigation', { name: 'Admin tools' });
    await waitFor(() =>
      expect(
        within(tools)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual([
        '/admin/users',
        '/admin/support',
        '/admin/support-requests',
        '/admin/campaigns',
        '/admin/orders',
        '/admin/kyc',
        '/admin/products',
        '/admin/categories',
        '/admin/stock',
      ]),
    );
    expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
    expect(server.seen.some((request) => request.url === '/api/admin/business-summary')).toBe(false);
    expect(await axeViolations()).toEqual([]);
  });
});
