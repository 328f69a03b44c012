// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import type { Repossession } from './repossessions-api.ts';
import RepossessionsPage from './repossessions-page.tsx';

const anOpen = (id: string, customerName: string, loanNumber: string): Repossession => ({
  id,
  loanId: `7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c${id}`,
  loanNumber,
  customerName,
  customerPhone: null,
  village: null,
  subCounty: null,
  district: 'Mukono',
  amountOwed: 420_000,
  productName: 'Sun King Home 60',
  deviceSerial: 'SK60-000201',
  status: 'started',
  reason: 'In default 95 days',
  agentName: null,
  condition: null,
  failureReason: null,
  attemptedAt: null,
  createdAt: '2026-11-20T07:00:00.000Z',
});

let firstPage: { status?: number; body: unknown };
const server = fakeServer(({ url }) => {
  if (url === '/api/admin/repossessions?limit=25') return firstPage;
  if (url === '/api/admin/repossessions?limit=25&cursor=c2') {
    return { body: { items: [anOpen('02', 'Apio Grace', 'LN-000002')], nextCursor: null } };
  }
  return { status: 404, body: {} };
});

beforeEach(() => {
  firstPage = { body: { items: [anOpen('01', 'Nakato Sarah', 'LN-000001')], nextCursor: 'c2' } };
  server.start();
});

describe('the repossessions under way', () => {
  it(
    'lists each with the customer, loan, product and unit, the agent and why, and loads more',
    async () => {
      const { container } = renderPage(RepossessionsPage, '/admin/repossessions');
      const card = await screen.findByRole('article', { name: 'Nakato Sarah' });
      expect(within(card).getByRole('link', { name: 'LN-000001' }).getAttribute('href')).toBe(
        '/admin/loans/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01',
      );
      expect(card.textContent).toContain('ProductSun King Home 60 · SK60-000201');
      expect(card.textContent).toContain('AgentAdmins');
      expect(card.textContent).toContain('WhyIn default 95 days');
      await expectAccessible(container);
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByRole('article', { name: 'Apio Grace' })).toBeTruthy();
    },
    AXE_TIMEOUT_MS,
  );

  it('says so when none is under way', async () => {
    firstPage = { body: { items: [], nextCursor: null } };
    renderPage(RepossessionsPage, '/admin/repossessions');
    expect(await screen.findByText('No repossession is under way.')).toBeTruthy();
  });

  it('shows the server’s message when the list cannot load', async () => {
    firstPage = { status: 403, body: { error: { code: 'forbidden', message: 'Admins only.' } } };
    renderPage(RepossessionsPage, '/admin/repossessions');
    expect(await screen.findByText('Admins only.')).toBeTruthy();
  });
});
