// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminUser } from './api.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';
import UsersPage from './users-page.tsx';

const sarah: AdminUser = {
  id: '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
  fullName: 'Sarah Nakato',
  email: null,
  emailVerified: false,
  phoneNumber: '+256772123456',
  phoneVerified: true,
  userType: 'agent',
  staffRole: null,
  agentStatus: 'applicant',
  agentCode: null,
  accountNumber: '1000009',
  commissionRateBp: null,
  twoFactorEnabled: false,
  isActive: true,
  createdAt: '2025-03-01T08:00:00.000Z',
};
const john: AdminUser = {
  ...sarah,
  id: '9d8c7b6a-5f4e-4d3c-8b2a-1a2b3c4d5e6f',
  fullName: 'John Okello',
  email: 'john@example.ug',
  emailVerified: true,
  phoneNumber: null,
  userType: 'customer',
  agentStatus: null,
  accountNumber: '1000017',
  twoFactorEnabled: true,
  isActive: false,
};

const staff: AdminUser = {
  ...sarah,
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  fullName: 'Namutebi Joan',
  userType: 'admin',
  staffRole: 'support',
  agentStatus: null,
  twoFactorEnabled: true,
};

let usersReply: { status: number; body: unknown };
const server = fakeServer(({ url, method, body }) => {
  if (method === 'GET' && url.startsWith('/api/admin/users')) return usersReply;
  if (method === 'PATCH' && url === `/api/admin/users/${staff.id}/staff-role`) {
    return { body: { ...staff, ...(body as object) } };
  }
  if (method === 'POST' && url === `/api/admin/users/${sarah.id}/approve-agent`) {
    const terms = body as { agentCode: string; commissionRateBp: number };
    return { body: { ...sarah, agentStatus: 'approved', ...terms } };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } };
});

beforeEach(() => {
  usersReply = { status: 200, body: { items: [sarah, john], nextCursor: null } };
  server.start();
});

const openApproveForm = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions for Sarah Nakato' }));
  const dialog = screen.getByRole('dialog', { name: 'Actions for Sarah Nakato' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve as agent' }));
  return dialog;
};

describe('the users page', () => {
  it("lists the users the server returns, with their role, standing, contact and a customer's account number", async () => {
    renderPage(UsersPage, '/admin/users');
    const list = await screen.findByRole('list', { name: 'Users' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Sarah Nakato', 'John Okello']);
    expect(cards[0]).toHaveProperty('textContent', expect.stringContaining('+256772123456'));
    expect(cards[0]!.textContent).toContain('Applicant');
    expect(cards[1]!.textContent).toContain('john@example.ug');
    expect(cards[1]!.textContent).toContain('Deactivated');
    expect(cards[1]!.textContent).toContain('Paybill account number1000017');
    expect(cards[0]!.textContent).not.toContain('Paybill account number');
    expect(server.seen[0]).toMatchObject({ method: 'GET', url: '/api/admin/users?limit=25' });
  });

  it("downloads a customer's wallet statement for the period chosen, and offers none for an agent", async () => {
    renderPage(UsersPage, '/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Sarah Nakato' }));
    let dialog = screen.getByRole('dialog', { name: 'Actions for Sarah Nakato' });
    expect(within(dialog).queryByRole('button', { name: 'Wallet statement (PDF)' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Actions for John Okello' }));
    dialog = screen.getByRole('dialog', { name: 'Actions for John Okello' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Wallet statement (PDF)' }));
    expect(within(dialog).getByRole('heading', { name: 'Wallet statement of John Okello' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-03-31' } });
    expect(
      within(dialog)
        .getByRole('link', { name: /Download statement \(PDF\)/ })
        .getAttribute('href'),
    ).toBe(`/api/admin/users/${john.id}/wallet/statement.pdf?from=2026-01-01&to=2026-03-31`);
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-04-01' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('The first day comes after the last.');
    expect(within(dialog).queryByRole('link', { name: /Download statement/ })).toBeNull();
  });

  it('approves an agent, sending 2.5 % as 250 basis points, and updates the row in place', async () => {
    renderPage(UsersPage, '/admin/users');
    const dialog = await openApproveForm();
    fireEvent.change(within(dialog).getByLabelText('Agent code'), { target: { value: 'eg-kla-7' } });
    fireEvent.change(within(dialog).getByLabelText('Commission (%)'), { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve agent' }));

    await waitFor(() => expect(screen.getByText(/code EG-KLA-7/)).toBeTruthy());
    const approval = server.seen.find((request) => request.method === 'POST');
    expect(approval).toEqual({
      url: `/api/admin/users/${sarah.id}/approve-agent`,
      method: 'POST',
      body: { agentCode: 'EG-KLA-7', commissionRateBp: 250 },
    });
    expect(screen.getByText(/2\.5% commission/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a bad agent code before asking the server', async () => {
    renderPage(UsersPage, '/admin/users');
    const dialog = await openApproveForm();
    const code = within(dialog).getByLabelText('Agent code');
    fireEvent.change(code, { target: { value: 'A!' } });
    fireEvent.change(within(dialog).getByLabelText('Commission (%)'), { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve agent' }));

    expect(within(dialog).getByText('Enter 3 to 20 letters, digits or dashes.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(server.seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it("shows the server's message when an admin has no authenticator app yet", async () => {
    const message =
      'Admins must set up two-step sign-in with an authenticator app before using admin tools. Open My account to set it up.';
    usersReply = { status: 403, body: { error: { code: 'admin_totp_required', message } } };
    renderPage(UsersPage, '/admin/users');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Open My account' }).getAttribute('href')).toBe('/my-account');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('gives a staff member another role, listing what it may do, and offers it only for staff', async () => {
    usersReply = { status: 200, body: { items: [sarah, staff], nextCursor: null } };
    renderPage(UsersPage, '/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Sarah Nakato' }));
    let dialog = screen.getByRole('dialog', { name: 'Actions for Sarah Nakato' });
    expect(within(dialog).queryByRole('button', { name: 'Change staff role' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Namutebi Joan' }));
    dialog = screen.getByRole('dialog', { name: 'Actions for Namutebi Joan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change staff role' }));
    const select = within(dialog).getByLabelText('Staff role');
    expect((select as HTMLSelectElement).value).toBe('support');
    fireEvent.change(select, { target: { value: 'credit_officer' } });
    expect(dialog.textContent).toContain('decide identity checks');
    expect(dialog.textContent).not.toContain('resolve payments and refund');
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.seen.find((request) => request.method === 'PATCH')).toEqual({
      url: `/api/admin/users/${staff.id}/staff-role`,
      method: 'PATCH',
      body: { staffRole: 'credit_officer' },
    });
  });
});
