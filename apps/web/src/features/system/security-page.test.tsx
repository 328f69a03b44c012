// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthAttempt, SecurityEvent, SecuritySummary } from './api.ts';
import { expectAccessible } from '@/test/axe.ts';
import SecurityPage from './security-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';

const ADMIN_ID = '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b';
const AGENT_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1a2b3c4d5e6f';
const event: SecurityEvent = {
  id: 'e1',
  eventType: 'admin_agent_approved',
  userId: ADMIN_ID,
  user: { id: ADMIN_ID, name: 'Grace Namutebi', email: 'grace@ecogrid.ug', phone: null, role: 'admin' },
  target: { id: AGENT_ID, name: 'Okello John', email: null, phone: '+256772123456', role: 'agent' },
  details: { targetUserId: AGENT_ID, agentCode: 'EG-001', commissionRateBp: 250 },
  ipAddress: '41.210.1.2',
  userAgent: null,
  createdAt: '2025-06-30T22:15:00.000Z',
};
const attempt: AuthAttempt = {
  id: 't1',
  userId: AGENT_ID,
  user: { id: AGENT_ID, name: 'Okello John', email: null, phone: '+256772123456', role: 'agent' },
  loginMethod: 'email',
  identifier: 'someone@example.ug',
  success: false,
  failureReason: 'invalid_credentials',
  ipAddress: '41.210.1.3',
  userAgent: 'Mozilla/5.0 (Linux; Android 12; TECNO KG5)',
  createdAt: '2025-06-30T09:00:00.000Z',
};

const days = Array.from({ length: 14 }, (_, i) => ({
  day: `2026-03-${String(i + 1).padStart(2, '0')}`,
  failures: i === 13 ? 12 : 1,
  lockouts: i === 13 ? 2 : 0,
}));
const summary: SecuritySummary = {
  days,
  twoStep: { admins: 3, adminsWithTwoStep: 2, accounts: 120, accountsWithTwoStep: 9 },
  sessions: [
    { role: 'customer', active: 40 },
    { role: 'agent', active: 6 },
    { role: 'admin', active: 2 },
  ],
  roles: [
    { role: 'customer', accounts: 110, active: 108 },
    { role: 'agent', accounts: 7, active: 7 },
    { role: 'admin', accounts: 3, active: 3 },
  ],
  staffRoles: [
    { role: 'admin', rights: ['staff.manage'], holders: [{ id: 'u-1', name: 'Mukasa Peter' }] },
    { role: 'auditor', rights: ['audit.read', 'payments.read'], holders: [] },
  ],
  noisyAddresses: [{ ipAddress: '203.0.113.90', failures: 9, accounts: 4, lastAt: '2026-03-14T06:00:00.000Z' }],
};

const server = fakeServer(({ url }) => {
  if (url === '/api/admin/security-summary') return { body: summary };
  if (url === '/api/admin/system-log?source=admin&limit=10') return { body: { items: [], nextCursor: null } };
  if (url.startsWith('/api/admin/security-events')) return { body: { items: [event], nextCursor: null } };
  if (url.startsWith('/api/admin/auth-attempts')) return { body: { items: [attempt], nextCursor: null } };
  return { status: 404, body: {} };
});

beforeEach(() => server.start());

describe('the security page', () => {
  it('shows the security log in Kampala time, filtered by event type', async () => {
    renderPage(SecurityPage, '/security-dashboard');
    const log = await screen.findByRole('list', { name: 'Security log' });
    const item = within(log).getByRole('listitem');
    expect(item.textContent).toContain('Agent approved');
    expect(item.textContent).toContain('EG-001');
    // People by name, role and the ways to reach them, never a bare id.
    expect(item.textContent).toContain('Grace Namutebi (Admin)grace@ecogrid.ug');
    expect(item.textContent).toContain('Okello John (Agent)+256772123456');
    expect(item.textContent).not.toContain(ADMIN_ID);
    expect(item.textContent).not.toContain(AGENT_ID);
    // 22:15 UTC on 30 June is 01:15 on 1 July in Kampala.
    expect(
      within(item)
        .getByText(/Jul 1, 2025/)
        .getAttribute('datetime'),
    ).toBe(event.createdAt);

    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'signin_failed' } });
    await waitFor(() =>
      expect(server.seen.map((r) => r.url)).toContain('/api/admin/security-events?type=signin_failed&limit=25'),
    );
  });

  it('switches to the sign-in attempts and shows only the failed ones when asked', async () => {
    renderPage(SecurityPage, '/security-dashboard');
    fireEvent.click(await screen.findByRole('tab', { name: 'Sign-in attempts' }));
    expect(screen.getByRole('tab', { name: 'Sign-in attempts' }).getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Sign-in attempts' });
    expect(list.textContent).toContain('someone@example.ug');
    expect(list.textContent).toContain('invalid_credentials');
    expect(list.textContent).toContain('Okello John (Agent)+256772123456');
    expect(list.textContent).not.toContain(AGENT_ID);

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'failed' } });
    await waitFor(() =>
      expect(server.seen.map((r) => r.url)).toContain('/api/admin/auth-attempts?failed=true&limit=25'),
    );
  });

  it('shows two-step sign-in among admins, sessions, failures and lockouts by day, noisy addresses and roles', async () => {
    const { container } = renderPage(SecurityPage, '/security-dashboard');
    expect(await screen.findByText('2 of 3 admins use an authenticator app')).toBeTruthy();
    expect(screen.getByText(/Every admin must use two-step sign-in: 1 has not set it up\./)).toBeTruthy();
    expect(screen.getByText('9 of 120 active accounts use two-step sign-in.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Failed sign-ins and lockouts, last 14 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(15);
    expect(rows.at(-1)!.textContent).toMatch(/Mar 14, 2026.*12.*2/);
    expect(screen.getByText('203.0.113.90')).toBeTruthy();
    expect(screen.getByText(/9 failures, on 4 accounts/)).toBeTruthy();
    expect(screen.getByText(/110 accounts, 108 active/)).toBeTruthy();
    const staff = screen.getByRole('region', { name: 'Staff roles' });
    expect(staff.textContent).toContain('Auditor (read only)');
    expect(staff.textContent).toContain('This role may: see the audit and security logs, see payments');
    expect(staff.textContent).toContain('Held by: Mukasa Peter');
    expect(staff.textContent).toContain('Nobody holds this role.');
    expect(screen.getByRole('link', { name: 'Open the system log' }).getAttribute('href')).toBe(
      '/system-audit?source=admin',
    );
    await expectAccessible(container);
  });
});
