// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAgentPage } from '@/test/agent-setup.tsx';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, type Reply } from '@/test/fake-server.ts';
import { aSummary } from '@/test/loan-fixtures.ts';
import AgentCustomerPage from './customer-page.tsx';
import type { AgentCustomerDetail, CashCollectionRequest } from './field-api.ts';

const ORDER = '3f4a5b6c-7d8e-4f9a-8b1c-2d3e4f5a6b7c';
const aDetail = (): AgentCustomerDetail => ({
  customer: {
    id: 'c1',
    name: 'Nakato Sarah',
    phone: '+256772123456',
    district: 'Mukono',
    subCounty: 'Goma',
    village: 'Seeta',
    preferredLanguage: 'luganda',
    accountNumber: '1000009',
    kycStatus: 'submitted',
    consentActive: true,
    consentExpiresAt: '2099-03-02T07:15:00.000Z',
  },
  loans: [
    {
      ...aSummary({ daysPastDue: 5 }),
      customerName: 'Nakato Sarah',
      customerPhone: '+256772123456',
      district: 'Mukono',
      agentCode: 'AG-0001',
    },
  ],
  orders: [
    {
      id: ORDER,
      number: 'ORD-000031',
      status: 'pending_payment',
      total: 250_000,
      itemCount: 1,
      firstItem: 'Solar lantern',
      createdAt: '2026-03-01T09:00:00.000Z',
    },
  ],
  notes: [
    {
      id: '9c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
      customerId: 'c1',
      loanId: null,
      note: 'Wants a second lamp',
      promiseDate: null,
      promiseAmount: null,
      agentName: 'Okello Peter',
      recordedAt: '2026-03-02T07:15:00.000Z',
    },
  ],
});

let detail: Reply;
const server = fakeServer(({ url, method }) => {
  if (url === '/api/agent/customers/c1') return detail;
  if (url === '/api/agent/collections' && method === 'POST') return 'offline';
  return { status: 404, body: { error: { code: 'not_found', message: 'No such customer.' } } };
});

beforeEach(() => {
  localStorage.clear();
  detail = { body: aDetail() };
  server.start();
});

const renderPage = () =>
  renderAgentPage('/agent/customers/c1', { '/agent/customers/:customerId': <AgentCustomerPage /> });

describe("an agent's customer, whole", () => {
  it('shows who and where they are, their identity check, loans, orders and notes', async () => {
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nakato Sarah' })).toBeTruthy();
    expect(document.title).toBe('Nakato Sarah · EcoGrid');
    expect(screen.getByRole('link', { name: 'Call Nakato Sarah (0772 123456)' })).toBeTruthy();
    expect(screen.getByText('Seeta, Goma, Mukono')).toBeTruthy();
    expect(screen.getByText('Speaks: Luganda')).toBeTruthy();
    expect(screen.getByText('Account number for paybill: 1000009')).toBeTruthy();
    expect(screen.getByText('Being checked')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue identity check' }).getAttribute('href')).toBe(
      '/agent/customers/c1/kyc',
    );
    expect(screen.getByRole('link', { name: 'Follow-ups of Nakato Sarah' }).getAttribute('href')).toBe(
      '/agent/follow-ups?customer=c1',
    );
    const loans = within(screen.getByRole('list', { name: 'Loans' }));
    expect(loans.getByText('5 days late')).toBeTruthy();
    const orders = within(screen.getByRole('list', { name: 'Orders' }));
    expect(orders.getByText('ORD-000031 · Solar lantern')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Visit notes' })).getByText('Wants a second lamp')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sell to Nakato Sarah' }).getAttribute('href')).toBe(
      '/agent/customers/c1/sell',
    );
    await expectAccessible(container);
  });

  it('collects cash for the order waiting for payment, offline', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Collect cash' }));
    const what = screen.getByLabelText('What the cash is for') as HTMLSelectElement;
    expect([...what.options].map((option) => option.text)).toEqual([
      'Choose…',
      'Loan LN-000007 · SunKing Home 60 kit',
      'Order ORD-000031',
    ]);
    fireEvent.change(what, { target: { value: ORDER } });
    fireEvent.change(screen.getByLabelText('Amount received (UGX)'), { target: { value: '250000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record the cash and make a receipt' }));
    expect(await screen.findByText(/Waiting to send/)).toBeTruthy();
    await waitFor(() => expect(server.seen.some((r) => r.method === 'POST')).toBe(true));
    const body = server.seen.find((r) => r.method === 'POST')!.body as CashCollectionRequest;
    expect(body).toMatchObject({ purpose: 'order', orderId: ORDER, amount: 250_000, customerId: 'c1' });
    expect(body.loanId).toBeUndefined();
  });

  it('opens the cash form on what a sale paid in cash left due, and offers no sale without consent', async () => {
    detail = { body: { ...aDetail(), customer: { ...aDetail().customer, consentActive: false } } };
    renderAgentPage(`/agent/customers/c1?collect=${ORDER}&amount=250000`, {
      '/agent/customers/:customerId': <AgentCustomerPage />,
    });
    const what = (await screen.findByLabelText('What the cash is for')) as HTMLSelectElement;
    expect(what.value).toBe(ORDER);
    expect((screen.getByLabelText('Amount received (UGX)') as HTMLInputElement).value).toBe('250000');
    expect(screen.queryByRole('link', { name: /^Sell to/ })).toBeNull();
  });

  it('fills in what the sale left due once it shows, when the records first shown were from before the sale', async () => {
    detail = { body: { ...aDetail(), orders: [] } };
    const { client } = renderAgentPage(`/agent/customers/c1?collect=${ORDER}&amount=250000`, {
      '/agent/customers/:customerId': <AgentCustomerPage />,
    });
    const amount = (await screen.findByLabelText('Amount received (UGX)')) as HTMLInputElement;
    expect(amount.value).toBe('');

    detail = { body: aDetail() };
    await client.invalidateQueries();
    const what = screen.getByLabelText('What the cash is for') as HTMLSelectElement;
    await waitFor(() => expect(what.value).toBe(ORDER));
    expect(amount.value).toBe('250000');
  });

  it("shows the server's reason when the customer cannot be shown", async () => {
    detail = { status: 404, body: { error: { code: 'not_found', message: 'No such customer.' } } };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('No such customer.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
