// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import { anAdminLoan, LOAN_ID } from '@/test/loan-fixtures.ts';
import { errorOf, fakeServer, renderPage } from '@/test/admin-setup.tsx';
import type { AdminLoan } from './api.ts';
import LoanPage from './loan-page.tsx';
import type { Repossession } from './repossessions-api.ts';

vi.mock('@/components/ui/toast.tsx', () => ({ showToast: vi.fn(async () => {}) }));

const AGENT = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const failed: Repossession = {
  id: 'r1',
  loanId: LOAN_ID,
  loanNumber: 'LN-100042',
  customerName: 'Nakato Sarah',
  customerPhone: null,
  village: 'Seeta',
  subCounty: 'Goma',
  district: 'Mukono',
  amountOwed: 420_000,
  productName: 'Sun King Home 60',
  deviceSerial: 'SK-0001',
  status: 'failed',
  reason: 'In default 95 days',
  agentName: 'Okello John',
  condition: null,
  failureReason: 'Nobody at home',
  attemptedAt: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-19T09:00:00.000Z',
};

let loan: AdminLoan;
let attempts: Repossession[];
let reply: { status?: number; body: unknown } | null;
const server = fakeServer(({ url, method }) => {
  if (url === `/api/admin/loans/${LOAN_ID}`) return { body: loan };
  if (url === `/api/admin/loans/${LOAN_ID}/repossessions` && method === 'GET')
    return { body: { repossessions: attempts } };
  if (url.startsWith('/api/admin/agents')) {
    return {
      body: { items: [{ id: AGENT, name: 'Okello John', agentCode: 'AG-001', isActive: true }], nextCursor: null },
    };
  }
  if (method === 'POST') return reply ?? { status: 500, body: {} };
  return { status: 404, body: {} };
});

beforeEach(() => {
  loan = anAdminLoan({ status: 'defaulted', daysPastDue: 95 });
  attempts = [failed];
  reply = null;
  server.start();
});

const render = () => renderPage(LoanPage, `/admin/loans/${LOAN_ID}`, '/admin/loans/:id');
const part = async () =>
  within((await screen.findByRole('heading', { name: 'Repossession', level: 2 })).closest('section')!);
const posts = () => server.seen.filter((r) => r.method === 'POST');

describe('a defaulted loan’s repossession and write-off', () => {
  it(
    'lists the attempts with their outcome, and is accessible',
    async () => {
      const { container } = render();
      const section = await part();
      const attempt = await section.findByRole('list', { name: 'Repossession' });
      expect(attempt.textContent).toContain('StateFailed · Nobody at home');
      expect(attempt.textContent).toContain('AgentOkello John');
      expect(attempt.textContent).toContain('WhyIn default 95 days');
      await section.findByRole('button', { name: 'Start repossession' });
      await expectAccessible(container);
    },
    AXE_TIMEOUT_MS,
  );

  it('starts a repossession only with a reason, for the agent chosen', async () => {
    reply = { status: 201, body: { ...failed, id: 'r2', status: 'started', failureReason: null } };
    render();
    const section = await part();
    const start = await section.findByRole('button', { name: 'Start repossession' });
    fireEvent.click(start);
    expect(errorOf(section.getByLabelText('Note for the agent'))).toBe(
      'Say why the unit is taken back (3 to 300 characters).',
    );
    expect(posts()).toEqual([]);
    await waitFor(() => expect(section.getAllByRole('option', { name: 'Okello John (AG-001)' })).toHaveLength(1));
    fireEvent.change(section.getByLabelText('Agent who goes'), { target: { value: AGENT } });
    fireEvent.change(section.getByLabelText('Note for the agent'), { target: { value: 'No payment since July' } });
    fireEvent.click(start);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: `/api/admin/loans/${LOAN_ID}/repossessions`,
      body: { reason: 'No payment since July', agentId: AGENT },
    });
  });

  it('offers no second start while one is under way', async () => {
    attempts = [{ ...failed, status: 'started', failureReason: null, attemptedAt: null }];
    render();
    const section = await part();
    expect((await section.findByRole('list')).textContent).toContain('Under way');
    expect(section.queryByRole('button', { name: 'Start repossession' })).toBeNull();
  });

  it(
    'writes the loan off with a reason after saying how much, and shows a refusal',
    async () => {
      reply = { status: 409, body: { error: { code: 'loan_not_defaulted', message: 'The loan is not defaulted.' } } };
      const { container } = render();
      const section = await part();
      fireEvent.click(section.getByRole('button', { name: 'Write off' }));
      const reason = section.getByLabelText('Reason');
      expect(errorOf(reason)).toBe('Say why the loans are written off (3 to 300 characters).');
      await expectAccessible(container);
      fireEvent.change(reason, { target: { value: 'Customer moved away' } });
      fireEvent.click(section.getByRole('button', { name: 'Write off' }));
      const dialog = await screen.findByRole('dialog', { name: 'Write off loan LN-100042?' });
      expect(dialog.textContent).toContain('UGX 825,000 still owed will be written off to bad debt');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe('The loan is not defaulted.');
      expect(posts()[0]).toMatchObject({
        url: `/api/admin/loans/${LOAN_ID}/write-off`,
        body: { reason: 'Customer moved away' },
      });
    },
    AXE_TIMEOUT_MS,
  );
});

describe('an active loan', () => {
  it('has no repossession or write-off part', async () => {
    loan = anAdminLoan();
    render();
    await screen.findByRole('heading', { name: 'LN-100042', level: 1 });
    expect(screen.queryByRole('heading', { name: 'Repossession' })).toBeNull();
  });
});
