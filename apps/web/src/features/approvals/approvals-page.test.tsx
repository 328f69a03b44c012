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

let staffRights = ['staff.manage'];
let threshold = 500_000;
const server = fakeServer(({ url, method, body }) => {
  if (url === '/api/me') return { body: { id: 'u-me', staffRights } };
  if (url === '/api/admin/approvals/threshold') {
    if (method === 'PUT') threshold = (body as { amount: number }).amount;
    return { body: { amount: threshold } };
  }
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
  staffRights = ['staff.manage'];
  threshold = 500_000;
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

describe('the four-eyes amount', () => {
  it('lets a full admin change it, refusing what is not a whole number, and is accessible', async () => {
    renderPage(ApprovalsPage, '/admin/approvals');
    const field = await screen.findByLabelText('New amount (UGX)');
    expect(screen.getByText('Refunds and write-offs above UGX 500,000 wait for a second staff member.')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    fireEvent.change(field, { target: { value: '750000.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the amount' }));
    expect(await screen.findByText('Give a whole number of shillings, digits only.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the amount' }));
    expect(await screen.findByText('Give an amount in shillings.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '2000000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the amount' }));
    expect(await screen.findByText('At most UGX 1,000,000,000.')).toBeTruthy();
    expect(server.seen.some((request) => request.method === 'PUT')).toBe(false);
    expect(await axeViolations()).toEqual([]);

    fireEvent.change(field, { target: { value: '1,000,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the amount' }));
    expect(
      (
        await screen.findByText('Saved: refunds and write-offs above UGX 1,000,000 now wait for a second staff member.')
      ).getAttribute('role'),
    ).toBe('status');
    expect(server.seen.find((request) => request.method === 'PUT')).toMatchObject({
      url: '/api/admin/approvals/threshold',
      body: { amount: 1_000_000 },
    });
    expect(screen.getByText('Refunds and write-offs above UGX 1,000,000 wait for a second staff member.')).toBeTruthy();
  });

  it('shows other staff the amount without a form', async () => {
    staffRights = ['payments.read', 'payments.change'];
    renderPage(ApprovalsPage, '/admin/approvals');
    expect(
      await screen.findByText('Refunds and write-offs above UGX 500,000 wait for a second staff member.'),
    ).toBeTruthy();
    expect(screen.getByText('Only a full admin can change this amount.')).toBeTruthy();
    expect(screen.queryByLabelText('New amount (UGX)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save the amount' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});
