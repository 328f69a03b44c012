// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import { errorOf, fakeServer, renderPage } from '@/test/admin-setup.tsx';
import type { FollowUp } from './collections-api.ts';
import FollowUpsPage from './follow-ups-page.tsx';

const AGENT = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const OTHER = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';

const aFollowUp = (changes: Partial<FollowUp> = {}): FollowUp => ({
  id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  loanId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  loanNumber: 'LN-000042',
  customerId: 'c1',
  customerName: 'Nakato Sarah',
  customerPhone: '+256772123456',
  reason: 'broken_promise',
  openedOn: '2026-11-20',
  daysPastDue: 12,
  loanStatus: 'active',
  assignedTo: AGENT,
  assigneeName: 'Okello John',
  outcome: null,
  promiseDate: null,
  promiseAmount: null,
  note: null,
  productName: 'Sun King Home 60',
  amountInArrears: 75_000,
  dueSince: '2026-11-08',
  amountOwed: 600_000,
  previous: null,
  lastOutcome: 'promise_to_pay',
  lastPromise: { date: '2026-11-18', amount: 50_000, status: 'broken' },
  ...changes,
});

let listReply: { status?: number; body: unknown };
let writeReply: { status?: number; body: unknown };
const server = fakeServer(({ url, method }) => {
  if (url.startsWith('/api/admin/agents')) {
    return {
      body: {
        items: [
          { id: AGENT, name: 'Okello John', agentCode: 'AG-001', isActive: true },
          { id: OTHER, name: 'Apio Grace', agentCode: 'AG-002', isActive: true },
          { id: 'gone', name: 'Gone Away', agentCode: 'AG-003', isActive: false },
        ],
        nextCursor: null,
      },
    };
  }
  if (url.startsWith('/api/admin/follow-ups?')) return listReply;
  if (method === 'POST') return writeReply;
  return { status: 404, body: {} };
});

beforeEach(() => {
  listReply = { body: { items: [aFollowUp()] } };
  writeReply = { body: aFollowUp({ outcome: 'reached' }) };
  server.start();
});

const posts = () => server.seen.filter((r) => r.method === 'POST');
const lists = () => server.seen.filter((r) => r.url.startsWith('/api/admin/follow-ups?')).map((r) => r.url);

describe('the collections queue', () => {
  it(
    'shows each follow-up with customer, product, lateness, arrears, agent and the last promise',
    async () => {
      const { container } = renderPage(FollowUpsPage, '/admin/follow-ups');
      const card = await screen.findByRole('article', { name: 'Nakato Sarah' });
      const text = card.textContent!;
      expect(within(card).getByRole('link', { name: 'LN-000042' }).getAttribute('href')).toBe(
        '/admin/loans/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      );
      expect(within(card).getByRole('link', { name: '+256772123456' }).getAttribute('href')).toBe('tel:+256772123456');
      expect(text).toContain('ProductSun King Home 60');
      expect(text).toContain('Days past due12 days late');
      expect(text).toContain('In arrearsUGX 75,000');
      expect(text).toContain('AgentOkello John');
      expect(text).toContain('Raised becauseA promise to pay was broken');
      expect(text).toContain('Last outcomePromised to pay');
      expect(text).toContain('PromiseUGX 50,000 by Nov 18, 2026 (broken)');
      expect(screen.getByText('Showing 1 follow-up')).toBeTruthy();
      await expectAccessible(container);
    },
    AXE_TIMEOUT_MS,
  );

  it('filters by list and by who follows up, and offers only active agents', async () => {
    renderPage(FollowUpsPage, '/admin/follow-ups');
    await screen.findByRole('article', { name: 'Nakato Sarah' });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'broken' } });
    await waitFor(() => expect(lists()).toContain('/api/admin/follow-ups?status=broken'));
    const whose = screen.getByLabelText('Followed up by') as HTMLSelectElement;
    await waitFor(() =>
      expect([...whose.options].map((o) => o.text)).toEqual(['Everyone', 'Admins', 'Apio Grace', 'Okello John']),
    );
    fireEvent.change(whose, { target: { value: 'none' } });
    await waitFor(() => expect(lists()).toContain('/api/admin/follow-ups?status=broken&assignee=none'));
    fireEvent.change(whose, { target: { value: OTHER } });
    await waitFor(() => expect(lists()).toContain(`/api/admin/follow-ups?status=broken&assignee=${OTHER}`));
  });

  it('says so when a list is empty, and shows a failed load with a way to retry', async () => {
    listReply = { body: { items: [] } };
    renderPage(FollowUpsPage, '/admin/follow-ups');
    expect(await screen.findByText('No follow-ups in this list.')).toBeTruthy();
    listReply = { status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side.' } } };
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'promised' } });
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });

  it(
    'records a promise only with its date and a whole amount, then sends it',
    async () => {
      const { container } = renderPage(FollowUpsPage, '/admin/follow-ups');
      const card = await screen.findByRole('article', { name: 'Nakato Sarah' });
      fireEvent.click(within(card).getByText('Record the outcome'));
      const save = within(card).getByRole('button', { name: 'Save the outcome' });
      fireEvent.click(save);
      expect(errorOf(within(card).getByLabelText('What happened'))).toBe('Choose what happened.');
      fireEvent.change(within(card).getByLabelText('What happened'), { target: { value: 'promise_to_pay' } });
      fireEvent.change(within(card).getByLabelText('Promised amount (UGX)'), { target: { value: '2.5' } });
      fireEvent.click(save);
      expect(errorOf(within(card).getByLabelText('Promised date'))).toBe('Give the date the customer promised to pay.');
      expect(errorOf(within(card).getByLabelText('Promised amount (UGX)'))).toBe(
        'Give the promised amount in whole shillings, more than zero.',
      );
      await expectAccessible(container);
      expect(posts()).toEqual([]);

      fireEvent.change(within(card).getByLabelText('Promised date'), { target: { value: '2026-12-05' } });
      fireEvent.change(within(card).getByLabelText('Promised amount (UGX)'), { target: { value: '40000' } });
      fireEvent.change(within(card).getByLabelText('Note (optional)'), { target: { value: 'After market day' } });
      fireEvent.click(save);
      await waitFor(() => expect(posts()).toHaveLength(1));
      expect(posts()[0]).toMatchObject({
        url: '/api/admin/follow-ups/5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b/outcome',
        body: { outcome: 'promise_to_pay', promiseDate: '2026-12-05', promiseAmount: 40_000, note: 'After market day' },
      });
    },
    AXE_TIMEOUT_MS,
  );

  it('shows the server’s refusal of an outcome', async () => {
    writeReply = {
      status: 409,
      body: { error: { code: 'follow_up_closed', message: 'This follow-up already has its outcome.' } },
    };
    renderPage(FollowUpsPage, '/admin/follow-ups');
    const card = await screen.findByRole('article', { name: 'Nakato Sarah' });
    fireEvent.change(within(card).getByLabelText('What happened'), { target: { value: 'unreachable' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save the outcome' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('This follow-up already has its outcome.');
  });

  it('hands a follow-up to another agent or the admins, never to the one who has it', async () => {
    renderPage(FollowUpsPage, '/admin/follow-ups');
    const card = await screen.findByRole('article', { name: 'Nakato Sarah' });
    const to = within(card).getByLabelText('Hand to') as HTMLSelectElement;
    await waitFor(() =>
      expect([...to.options].map((o) => o.text)).toEqual([
        'Choose an agent or the admins',
        'Admins',
        'Apio Grace (AG-002)',
      ]),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Hand over' }));
    expect(errorOf(to)).toBe('Choose who follows it up.');
    fireEvent.change(to, { target: { value: 'admins' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Hand over' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ url: expect.stringMatching(/\/assign$/), body: { agentId: null } });

    writeReply = {
      status: 422,
      body: { error: { code: 'not_an_agent', message: 'Choose an approved, active agent.' } },
    };
    fireEvent.change(to, { target: { value: OTHER } });
    fireEvent.click(within(card).getByRole('button', { name: 'Hand over' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Choose an approved, active agent.');
    expect(posts()[1]).toMatchObject({ body: { agentId: OTHER } });
  });
});
