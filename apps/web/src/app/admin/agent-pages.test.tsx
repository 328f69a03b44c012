// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { anApplicant } from '@/features/agents/admin/agent-fixtures.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import AgentPages from './agent-pages.tsx';

const approved = {
  id: 'u-applicant-1',
  fullName: 'Namusoke Grace',
  email: 'grace@example.ug',
  emailVerified: true,
  phoneNumber: '+256772000111',
  phoneVerified: true,
  userType: 'agent',
  agentStatus: 'approved',
  agentCode: 'AG-014',
  commissionRateBp: 300,
  twoFactorEnabled: false,
  isActive: true,
  createdAt: '2026-01-10T07:15:00.000Z',
};

const server = fakeServer(({ url, method }) => {
  if (method === 'POST' && url === '/api/admin/users/u-applicant-1/approve-agent') return { body: approved };
  if (url.startsWith('/api/admin/agents?')) return { body: { items: [anApplicant()], nextCursor: null } };
  return { status: 404, body: {} };
});

beforeEach(() => server.start());

describe('the admin agents page', () => {
  it("approves an applicant with the user list's approval, then reads the list again", async () => {
    renderPage(AgentPages, '/admin/agents?status=applicant', '/admin/agents/:id?');
    const card = await screen.findByRole('article', { name: 'Namusoke Grace' });
    fireEvent.click(within(card).getByRole('button', { name: 'Approve Namusoke Grace' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Namusoke Grace as an agent' });
    fireEvent.change(within(dialog).getByLabelText('Agent code'), { target: { value: 'ag-014' } });
    fireEvent.change(within(dialog).getByLabelText('Commission (%)'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve agent' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const approval = server.seen.find((request) => request.method === 'POST');
    expect(approval?.body).toEqual({ agentCode: 'AG-014', commissionRateBp: 300 });
    await waitFor(() =>
      expect(server.seen.filter((request) => request.url.startsWith('/api/admin/agents?')).length).toBe(2),
    );
  });
});
