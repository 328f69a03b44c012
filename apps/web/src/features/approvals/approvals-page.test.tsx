// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from './api.ts';
import ApprovalsPage from './approvals-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

const person = (id: string, name: string) => ({ id, name, email: null, phone: null, role: 'admin' as const });
const refund: Approval = {
  id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  kind: 'refund',
  subjectId: 'p-1',
  subjectLabel: 'Refund of payment EG-7K2M9QXA',
  amount: 750_000,
  reason: 'Paid twice by mistake',
  status: 'pending',
  requestedBy: person('u-finance', 'Akello Grace'),
  decidedBy: null,
  decisionNote: null,
  createdAt: '2026-11-27T07:15:00.000Z',
  decidedAt: null,
};
const ownWriteOff: Approval = {
  ...refund,
  id: '9d8c7b6a-5f4e-4d3c-8b2a-1a2b3c4d5e6f',
  kind: 'write_off',
  subjectLabel: 'Write-off of loan LN-000042',
  requestedBy: person('u-me', 'Mukasa Peter'),
};

const server = fakeServer(({ url, method }) => {
  if (url === '/api/me') return { body: { id: 'u-me' } };
  if (method === 'GET' && url.startsWith('/api/admin/approvals')) return { body: { items: [refund, ownWriteOff] } };
  if (method === 'POST' && url === `/api/admin/approvals/${refund.id}/approve`) {
    return { body: { ...refund, status: 'approved', decidedBy: person('u-me', 'Mukasa Peter') } };
  }
  if (method === 'POST' && url === `/api/admin/approvals/${refund.id}/decline`) {
    return { body: { ...refund, status: 'declined' } };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } };
});

beforeEach(() => {
  toasts.length = 0;
  server.start();
});

describe('the approvals page', () => {
  it('lists what waits with the amount and who asked, and is accessible', async () => {
    renderPage(ApprovalsPage, '/admin/approvals');
    const list = await screen.findByRole('list', { name: 'Waiting' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Refund of payment EG-7K2M9QXA',
      'Write-off of loan LN-000042',
    ]);
    expect(cards[0]!.textContent).toContain('UGX 750,000');
    expect(cards[0]!.textContent).toContain('Akello Grace');
    expect(cards[0]!.textContent).toContain('Paid twice by mistake');
    expect(document.title).toContain('Approvals');
    expect(await axeViolations()).toEqual([]);
  });

  it('approves another staff member’s refund with an idempotency key', async () => {
    renderPage(ApprovalsPage, '/admin/approvals');
    const list = await screen.findByRole('list', { name: 'Waiting' });
    const [first] = within(list).getAllByRole('listitem');
    fireEvent.click(within(first!).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toasts).toEqual(['Refund of payment EG-7K2M9QXA approved: the money moves now.']));
    const approval = server.seen.find((request) => request.method === 'POST');
    expect(approval).toMatchObject({ url: `/api/admin/approvals/${refund.id}/approve` });
    expect(approval?.idempotencyKey).toBeTruthy();
  });

  it('offers no approval of one’s own request', async () => {
    renderPage(ApprovalsPage, '/admin/approvals');
    await waitFor(() => expect(screen.getByText(/You asked for this/)).toBeTruthy());
    const own = screen.getByText(/You asked for this/).closest('li')!;
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('declines with the reason given', async () => {
    renderPage(ApprovalsPage, '/admin/approvals');
    const list = await screen.findByRole('list', { name: 'Waiting' });
    const [first] = within(list).getAllByRole('listitem');
    fireEvent.click(within(first!).getByRole('button', { name: 'Decline' }));
    fireEvent.change(within(first!).getByLabelText('Why decline?'), { target: { value: 'Not a duplicate' } });
    fireEvent.click(within(first!).getByRole('button', { name: 'Decline the request' }));
    await waitFor(() => expect(toasts).toEqual(['Refund of payment EG-7K2M9QXA declined: nothing moved.']));
    expect(server.seen.find((request) => request.method === 'POST')).toMatchObject({
      url: `/api/admin/approvals/${refund.id}/decline`,
      body: { note: 'Not a duplicate' },
    });
  });
});
