// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import type { SystemLogItem } from './api.ts';
import SystemLogPage from './system-log-page.tsx';

const CUSTOMER = 'u_customer_1';
const items: SystemLogItem[] = [
  {
    id: '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
    source: 'money',
    at: '2026-03-02T07:15:00.000Z',
    actor: null,
    action: 'money.wallet_topup',
    entityType: 'payment',
    entityId: '5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
    reason: 'Top-up by MTN Mobile Money',
    details: {},
    amount: 50_000,
    postings: [
      { account: 'clearing:mtn', person: null, amount: -50_000 },
      { account: `wallet:${CUSTOMER}`, person: 'Nakato Sarah', amount: 50_000 },
    ],
    ipAddress: null,
    userAgent: null,
  },
  {
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    source: 'admin',
    at: '2026-03-02T07:10:00.000Z',
    actor: { id: 'a1', name: 'Grace Namutebi', role: 'admin' },
    action: 'order.status',
    entityType: 'order',
    entityId: '6c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    reason: 'Packed',
    details: { from: 'paid', to: 'processing' },
    amount: null,
    postings: [],
    ipAddress: '41.210.1.9',
    userAgent: 'Mozilla/5.0 (Linux; Android 12)',
  },
];

const server = fakeServer(({ url }) => {
  if (url.startsWith('/api/admin/system-log?')) {
    const source = new URLSearchParams(url.split('?')[1]).get('source');
    return { body: { items: items.filter((i) => !source || i.source === source), nextCursor: null } };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => server.start());

describe('the system log', () => {
  it('shows admin actions and money movements with who, the record, the change and the accounts, named', async () => {
    const { container } = renderPage(SystemLogPage, '/system-audit');
    const list = await screen.findByRole('list', { name: 'System log' });
    const [money, action] = within(list).getAllByRole('listitem');
    expect(within(money!).getByText('money.wallet_topup')).toBeTruthy();
    expect(within(money!).getByText('by EcoGrid (automatic)')).toBeTruthy();
    expect(within(money!).getByText('Wallet of Nakato Sarah')).toBeTruthy();
    expect(within(money!).getByText('MTN Mobile Money clearing')).toBeTruthy();
    expect(within(money!).queryByText(CUSTOMER, { exact: false })).toBeNull();
    expect(within(money!).getByText('Top-up by MTN Mobile Money')).toBeTruthy();
    expect(within(action!).getByText('Order status changed')).toBeTruthy();
    expect(within(action!).getByText('by Grace Namutebi (Admin)')).toBeTruthy();
    expect(within(action!).getByText('paid')).toBeTruthy();
    expect(within(action!).getByText('processing')).toBeTruthy();
    expect(within(action!).getByText('41.210.1.9')).toBeTruthy();
    await expectAccessible(container);
  });

  it('filters by source and days in the address, and downloads the same lines as CSV', async () => {
    renderPage(SystemLogPage, '/system-audit');
    await screen.findByRole('list', { name: 'System log' });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'admin' } });
    await waitFor(() => expect(server.seen.at(-1)?.url).toBe('/api/admin/system-log?source=admin&limit=25'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    expect(screen.getByText('Give both days to filter by date.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-02' } });
    await waitFor(() =>
      expect(server.seen.at(-1)?.url).toBe('/api/admin/system-log?source=admin&from=2026-03-01&to=2026-03-02&limit=25'),
    );
    expect(screen.getByRole('link', { name: 'Download as CSV' }).getAttribute('href')).toBe(
      '/api/admin/system-log.csv?source=admin&from=2026-03-01&to=2026-03-02',
    );
  });
});
