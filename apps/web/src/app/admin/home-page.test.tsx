// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@/test/axe.ts';
import AdminHomePage from './home-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';

let healthReply: { status: number; body: unknown };
const server = fakeServer(() => healthReply);

beforeEach(() => server.start());

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
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/admin/users',
      '/security-dashboard',
      '/admin/outbox',
      '/admin/jobs',
      '/admin/payments',
      '/admin/paybill',
      '/admin/support',
      '/admin/support-requests',
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
    ]);
    expect(await axeViolations()).toEqual([]);
  });
});
