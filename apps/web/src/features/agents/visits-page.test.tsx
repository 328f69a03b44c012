// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAgentPage } from '@/test/agent-setup.tsx';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, type Reply } from '@/test/fake-server.ts';
import type { AgentDashboard, CashCollectionRequest, Visit, VisitNoteRequest } from './field-api.ts';
import AgentVisitsPage from './visits-page.tsx';

const LOAN = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const aVisit = (changes: Partial<Visit> = {}): Visit => ({
  customerId: 'c1',
  customerName: 'Nakato Sarah',
  phone: '+256772123456',
  village: 'Kireka',
  subCounty: 'Kira',
  loanId: LOAN,
  loanNumber: 'LN-000007',
  productName: 'SunKing Home 60 kit',
  daysPastDue: 12,
  amountOverdue: 45_000,
  lastNote: {
    id: '9c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
    customerId: 'c1',
    loanId: LOAN,
    note: 'Harvest next week',
    promiseDate: '2026-03-10',
    promiseAmount: 30_000,
    agentName: 'Okello Peter',
    recordedAt: '2026-03-02T07:15:00.000Z',
  },
  ...changes,
});

const figures = { sales: 0, salesCount: 0, collections: 0, collectionsCount: 0, commission: 0 };
const dashboard: AgentDashboard = {
  agent: { name: 'Okello Peter', agentCode: 'AG-0001', commissionRateBp: 500 },
  today: figures,
  month: figures,
  target: null,
  cashOnHand: 0,
  cashLimit: 500_000,
  walletBalance: 0,
  customersToVisit: 1,
};

let visits: Reply;
let collectionReply: Reply;

const server = fakeServer(({ url, method }) => {
  if (url === '/api/agent/visits' && method === 'GET') return visits;
  if (url === '/api/agent/dashboard' && method === 'GET') return { body: dashboard };
  if (url === '/api/agent/collections' && method === 'POST') return collectionReply;
  if (url === '/api/agent/visit-notes' && method === 'POST') return { status: 201, body: {} };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  localStorage.clear();
  visits = {
    body: {
      items: [
        aVisit(),
        aVisit({
          customerId: 'c2',
          customerName: 'Okello John',
          loanId: 'x',
          lastNote: null,
          daysPastDue: 3,
          phone: null,
        }),
      ],
    },
  };
  collectionReply = {
    status: 201,
    body: { collection: {}, token: '123 456 789', cashOnHand: 20_000, cashLimit: 500_000 },
  };
  server.start();
});

const renderPage = () => renderAgentPage('/agent/visits', { '/agent/visits': <AgentVisitsPage /> });
const posts = (url: string) => server.seen.filter((r) => r.method === 'POST' && r.url === url);

async function sarah() {
  const list = await screen.findByRole('list', { name: 'Customers to visit' });
  return within(within(list).getAllByRole('listitem')[0]!);
}

describe('customers to visit', () => {
  it('lists them most days past due first, with what the agent needs at the door', async () => {
    const { container } = renderPage();
    const item = await sarah();
    expect(document.title).toBe('Customers to visit · EcoGrid');
    expect(screen.getByText('2 customers behind with payments, the longest overdue first')).toBeTruthy();
    expect(item.getByRole('link', { name: 'Nakato Sarah' }).getAttribute('href')).toBe('/agent/customers/c1');
    expect(item.getByText('SunKing Home 60 kit · LN-000007')).toBeTruthy();
    expect(item.getByText('12 days late')).toBeTruthy();
    expect(item.getByText('UGX 45,000 overdue')).toBeTruthy();
    expect(item.getByText('Kireka, Kira')).toBeTruthy();
    expect(item.getByRole('link', { name: 'Call Nakato Sarah (0772 123456)' }).getAttribute('href')).toBe(
      'tel:+256772123456',
    );
    expect(item.getByText('Harvest next week')).toBeTruthy();
    expect(item.getByText('Promised UGX 30,000 by Mar 10, 2026')).toBeTruthy();
    await expectAccessible(container);
  });

  it('shows the receipt number at once and sends the collection with the key made on the phone', async () => {
    renderPage();
    const item = await sarah();
    fireEvent.click(item.getByRole('button', { name: 'Collect cash' }));
    await waitFor(() => expect(server.seen.some((r) => r.url === '/api/agent/dashboard')).toBe(true));
    fireEvent.change(item.getByLabelText('Amount received (UGX)'), { target: { value: '20,000' } });
    fireEvent.click(item.getByRole('button', { name: 'Record the cash and make a receipt' }));

    const receipt = item.getByText(/^AG-0001-[A-Z2-7]{6}$/).textContent!;
    expect(item.getByText('UGX 20,000 received from Nakato Sarah.')).toBeTruthy();
    await waitFor(() => expect(posts('/api/agent/collections')).toHaveLength(1));
    const [sent] = posts('/api/agent/collections');
    const body = sent!.body as CashCollectionRequest;
    expect(body).toMatchObject({
      receiptNumber: receipt,
      customerId: 'c1',
      purpose: 'loan_repayment',
      loanId: LOAN,
      amount: 20_000,
    });
    expect(body.clientKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent!.idempotencyKey).toBe(body.clientKey);
    expect(await item.findByText('123 456 789')).toBeTruthy();
  });

  it('keeps a collection made without a network, receipt shown, waiting to send', async () => {
    collectionReply = 'offline';
    renderPage();
    const item = await sarah();
    fireEvent.click(item.getByRole('button', { name: 'Collect cash' }));
    fireEvent.change(item.getByLabelText('Amount received (UGX)'), { target: { value: '5000' } });
    fireEvent.click(item.getByRole('button', { name: 'Record the cash and make a receipt' }));
    expect(item.getByText(/^(AG-0001|EG)-[A-Z2-7]{6}$/)).toBeTruthy();
    expect(await item.findByText(/Waiting to send/)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('ecogrid.agent-outbox:agent-1')!)).toHaveLength(1);
  });

  it('refuses an amount that is not a whole number of shillings', async () => {
    renderPage();
    const item = await sarah();
    fireEvent.click(item.getByRole('button', { name: 'Collect cash' }));
    fireEvent.change(item.getByLabelText('Amount received (UGX)'), { target: { value: 'abc' } });
    fireEvent.click(item.getByRole('button', { name: 'Record the cash and make a receipt' }));
    expect(item.getByText('Enter an amount from UGX 1 to UGX 100,000,000')).toBeTruthy();
    expect(posts('/api/agent/collections')).toHaveLength(0);
  });

  it('writes a note with a promise to pay, both amount and date', async () => {
    renderPage();
    const item = await sarah();
    fireEvent.click(item.getByRole('button', { name: 'Write a note' }));
    fireEvent.change(item.getByLabelText('What happened'), { target: { value: 'Will pay on Friday' } });
    fireEvent.change(item.getByLabelText(/Amount promised/), { target: { value: '15000' } });
    fireEvent.click(item.getByRole('button', { name: 'Save the note' }));
    expect(item.getByText('A promise to pay has both an amount and a date')).toBeTruthy();
    fireEvent.change(item.getByLabelText('Promised by (date)'), { target: { value: '2026-03-13' } });
    fireEvent.click(item.getByRole('button', { name: 'Save the note' }));
    await waitFor(() => expect(posts('/api/agent/visit-notes')).toHaveLength(1));
    expect(posts('/api/agent/visit-notes')[0]!.body as VisitNoteRequest).toMatchObject({
      customerId: 'c1',
      loanId: LOAN,
      note: 'Will pay on Friday',
      promiseAmount: 15_000,
      promiseDate: '2026-03-13',
    });
    expect(await item.findByText('Sent and recorded by EcoGrid.')).toBeTruthy();
  });

  it('says so when nobody is behind', async () => {
    visits = { body: { items: [] } };
    renderPage();
    expect(await screen.findByText('No customer is behind with payments. Well done!')).toBeTruthy();
  });
});
