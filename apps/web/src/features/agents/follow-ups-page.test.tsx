// @vitest-environment jsdom
import { kampalaDate } from '@ecogrid/core/credit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAgentPage } from '@/test/agent-setup.tsx';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, type Reply } from '@/test/fake-server.ts';
import type { FollowUp } from './collections-api.ts';
import AgentFollowUpsPage from './follow-ups-page.tsx';

const FIRST = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const aFollowUp = (changes: Partial<FollowUp> = {}): FollowUp => ({
  id: FIRST,
  loanId: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  loanNumber: 'LN-000007',
  customerId: 'c1',
  customerName: 'Nakato Sarah',
  customerPhone: '+256772123456',
  productName: 'SunKing Home 60 kit',
  reason: 'arrears',
  openedOn: '2026-03-01',
  daysPastDue: 12,
  amountInArrears: 45_000,
  dueSince: '2026-02-15',
  amountOwed: 400_000,
  loanStatus: 'active',
  assignedTo: 'agent-1',
  assigneeName: 'Okello Peter',
  outcome: null,
  promiseDate: null,
  promiseAmount: null,
  note: null,
  previous: null,
  lastOutcome: null,
  lastPromise: null,
  ...changes,
});

let list: Reply;
let outcomeReply: Reply;
const server = fakeServer(({ url, method }) => {
  if (url === '/api/agent/follow-ups' && method === 'GET') return list;
  if (url === `/api/agent/follow-ups/${FIRST}/outcome` && method === 'POST') return outcomeReply;
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  list = {
    body: {
      items: [
        aFollowUp(),
        aFollowUp({
          id: '2b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
          customerId: 'c2',
          customerName: 'Okello John',
          customerPhone: null,
          reason: 'broken_promise',
          previous: {
            outcome: 'promise_to_pay',
            promiseDate: '2026-03-05',
            promiseAmount: 30_000,
            promiseBroken: true,
            recordedOn: '2026-03-02',
          },
        }),
      ],
    },
  };
  outcomeReply = { body: aFollowUp({ outcome: 'reached' }) };
  server.start();
});

const renderPage = (path = '/agent/follow-ups') =>
  renderAgentPage(path, { '/agent/follow-ups': <AgentFollowUpsPage /> });
const posts = () => server.seen.filter((r) => r.method === 'POST');

async function item(index: number) {
  const found = await screen.findByRole('list', { name: 'Follow-ups' });
  return within(within(found).getAllByRole('listitem')[index]!);
}

async function openForm() {
  const sarah = await item(0);
  fireEvent.click(sarah.getByRole('button', { name: 'Record what happened' }));
  return sarah;
}

describe("the agent's follow-ups", () => {
  it('lists each loan with what the agent needs to call, and shows a broken promise as such', async () => {
    const { container } = renderPage();
    const sarah = await item(0);
    expect(document.title).toBe('Follow-ups · EcoGrid');
    expect(screen.getByText('2 loans past due to follow up, the oldest first')).toBeTruthy();
    expect(sarah.getByRole('link', { name: 'Nakato Sarah' }).getAttribute('href')).toBe('/agent/customers/c1');
    expect(sarah.getByRole('link', { name: 'Call Nakato Sarah (0772 123456)' }).getAttribute('href')).toBe(
      'tel:+256772123456',
    );
    expect(sarah.getByText('SunKing Home 60 kit · LN-000007')).toBeTruthy();
    expect(sarah.getByText('12 days late')).toBeTruthy();
    expect(sarah.getByText('UGX 45,000 in arrears')).toBeTruthy();
    expect(sarah.getByText('Due since Feb 15, 2026')).toBeTruthy();

    const john = await item(1);
    expect(john.getByText('Promise broken: follow up again')).toBeTruthy();
    expect(john.getByText(/Last: Promise to pay/)).toBeTruthy();
    expect(john.getByText('Promised UGX 30,000 by Mar 5, 2026, not paid: broken')).toBeTruthy();
    await openForm();
    await expectAccessible(container);
  });

  it('keeps one customer when opened from their page', async () => {
    renderPage('/agent/follow-ups?customer=c2');
    expect(await screen.findByText('1 loan past due to follow up, the oldest first')).toBeTruthy();
    expect(screen.queryByText('Nakato Sarah')).toBeNull();
    expect(screen.getByRole('link', { name: 'Show all follow-ups' })).toBeTruthy();
  });

  it('asks what happened before sending anything', async () => {
    renderPage();
    const sarah = await openForm();
    fireEvent.click(sarah.getByRole('button', { name: 'Save the outcome' }));
    expect(sarah.getByText('Choose what happened')).toBeTruthy();
    expect(document.activeElement).toBe(sarah.getByLabelText('What happened'));
    expect(posts()).toHaveLength(0);
  });

  it('refuses a promise dated in the past or above what the loan owes', async () => {
    renderPage();
    const sarah = await openForm();
    fireEvent.change(sarah.getByLabelText('What happened'), { target: { value: 'promise_to_pay' } });
    fireEvent.change(sarah.getByLabelText('Amount promised (UGX)'), { target: { value: '400,001' } });
    fireEvent.change(sarah.getByLabelText('Promised by (date)'), {
      target: { value: kampalaDate(new Date(Date.now() - 2 * 86_400_000)) },
    });
    fireEvent.click(sarah.getByRole('button', { name: 'Save the outcome' }));
    expect(sarah.getByText('Enter an amount from UGX 1 to UGX 400,000, what the loan owes')).toBeTruthy();
    expect(sarah.getByText('The promised date cannot be in the past')).toBeTruthy();
    expect(sarah.getByText('The loan owes UGX 400,000 in all.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('records a promise to pay with its date, amount and note', async () => {
    const today = kampalaDate(new Date());
    outcomeReply = { body: aFollowUp({ outcome: 'promise_to_pay', promiseDate: today, promiseAmount: 50_000 }) };
    renderPage();
    const sarah = await openForm();
    fireEvent.change(sarah.getByLabelText('What happened'), { target: { value: 'promise_to_pay' } });
    fireEvent.change(sarah.getByLabelText('Amount promised (UGX)'), { target: { value: '50,000' } });
    fireEvent.change(sarah.getByLabelText('Promised by (date)'), { target: { value: today } });
    fireEvent.change(sarah.getByLabelText('Note (optional)'), { target: { value: 'After the harvest' } });
    list = { body: { items: [] } };
    fireEvent.click(sarah.getByRole('button', { name: 'Save the outcome' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      outcome: 'promise_to_pay',
      promiseDate: today,
      promiseAmount: 50_000,
      note: 'After the harvest',
    });
    expect(await screen.findByText('Outcome saved for Nakato Sarah.')).toBeTruthy();
    expect(await screen.findByText('No loan needs following up. Well done!')).toBeTruthy();
  });

  it("shows the server's refusal in its words", async () => {
    outcomeReply = {
      status: 409,
      body: { error: { code: 'follow_up_closed', message: 'This follow-up already has its outcome.' } },
    };
    renderPage();
    const sarah = await openForm();
    fireEvent.change(sarah.getByLabelText('What happened'), { target: { value: 'unreachable' } });
    fireEvent.click(sarah.getByRole('button', { name: 'Save the outcome' }));
    expect((await sarah.findByRole('alert')).textContent).toBe('This follow-up already has its outcome.');
    expect(posts()[0]!.body).toEqual({ outcome: 'unreachable' });
  });
});
