// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAgentPage } from '@/test/agent-setup.tsx';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, type Reply } from '@/test/fake-server.ts';
import type { AgentDelivery } from './deliveries-api.ts';
import AgentDeliveriesPage from './deliveries-page.tsx';
import type { AgentDashboard, CashCollectionRequest } from './field-api.ts';

const ORDER = '6c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const aDelivery = (changes: Partial<AgentDelivery> = {}): AgentDelivery => ({
  id: ORDER,
  number: 'ORD-100042',
  status: 'pending_payment',
  total: 170_000,
  itemCount: 2,
  firstItem: 'SunKing Pro 400 lantern',
  createdAt: '2026-03-02T07:15:00.000Z',
  customer: { id: 'c1', name: 'Nakato Sarah', phone: '+256772123456', village: 'Kireka' },
  fulfilment: 'delivery',
  place: 'Kireka, Kira, Wakiso (Blue gate)',
  expectedOn: '2026-03-04',
  paid: false,
  payBy: '2026-03-09T07:15:00.000Z',
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
  customersToVisit: 0,
};

let list: Reply;
let handOverReply: Reply;
let promptReply: Reply;
const server = fakeServer(({ url, method }) => {
  if (url === '/api/agent/deliveries?limit=100' && method === 'GET') return list;
  if (url === '/api/agent/dashboard') return { body: dashboard };
  if (url === '/api/agent/stock') return { body: { items: [{ productId: 'p1', name: 'Pico lamp', quantity: 3 }] } };
  if (url === '/api/agent/collections' && method === 'POST') {
    return { status: 201, body: { collection: {}, token: null, cashOnHand: 170_000, cashLimit: 500_000 } };
  }
  if (url === `/api/agent/deliveries/${ORDER}/handover` && method === 'POST') return handOverReply;
  if (url === `/api/agent/deliveries/${ORDER}/payment-prompt` && method === 'POST') return promptReply;
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  localStorage.clear();
  list = { body: { items: [aDelivery()], nextCursor: null } };
  handOverReply = { body: {} };
  promptReply = { body: { order: {}, payment: { id: 'p1', status: 'pending', phone: '+256772123456' } } };
  server.start();
});

const renderPage = () => renderAgentPage('/agent/deliveries', { '/agent/deliveries': <AgentDeliveriesPage /> });
const posts = (url: string) => server.seen.filter((r) => r.method === 'POST' && r.url === url);
async function item() {
  const found = await screen.findByRole('list', { name: 'Deliveries to bring' });
  return within(within(found).getAllByRole('listitem')[0]!);
}

describe('deliveries to bring', () => {
  it('lists each with the customer, where to, when, and the money to take', async () => {
    const { container } = renderPage();
    const one = await item();
    expect(document.title).toBe('Deliveries to bring · EcoGrid');
    expect(screen.getByText('1 order to bring')).toBeTruthy();
    expect(one.getByRole('heading', { name: 'Nakato Sarah' })).toBeTruthy();
    expect(one.getByText('ORD-100042 · SunKing Pro 400 lantern and more: 2 items')).toBeTruthy();
    expect(one.getByText('Kireka, Kira, Wakiso (Blue gate)')).toBeTruthy();
    expect(one.getByText('UGX 170,000')).toBeTruthy();
    expect(one.getByText(/^Not in yet · kept until/)).toBeTruthy();
    expect(one.queryByRole('button', { name: 'Hand it over' })).toBeNull();
    // Below the deliveries: the stock the agent holds.
    const held = await screen.findByRole('list', { name: 'Stock you hold' });
    expect(held.textContent).toBe('Pico lamp3 units');
    await expectAccessible(container);
  });

  it('takes the cash for the order, its total filled in, through the cash collections', async () => {
    renderPage();
    const one = await item();
    fireEvent.click(one.getByRole('button', { name: 'Take cash' }));
    await waitFor(() => expect(server.seen.some((r) => r.url === '/api/agent/dashboard')).toBe(true));
    expect((one.getByLabelText('Amount received (UGX)') as HTMLInputElement).value).toBe('170000');
    fireEvent.click(one.getByRole('button', { name: 'Record the cash and make a receipt' }));
    await waitFor(() => expect(posts('/api/agent/collections')).toHaveLength(1));
    expect(posts('/api/agent/collections')[0]!.body as CashCollectionRequest).toMatchObject({
      customerId: 'c1',
      purpose: 'order',
      orderId: ORDER,
      amount: 170_000,
    });
  });

  it('asks the customer’s phone for mobile money, then waits for it', async () => {
    renderPage();
    const one = await item();
    fireEvent.click(one.getByRole('button', { name: 'Ask for mobile money' }));
    expect((one.getByLabelText("Customer's mobile-money number") as HTMLInputElement).value).toBe('0772 123456');
    fireEvent.click(one.getByRole('button', { name: 'Send the prompt' }));
    expect(await one.findByText(/UGX 170,000 asked from 0772 123456. Ask Nakato Sarah to approve it/)).toBeTruthy();
    const [sent] = posts(`/api/agent/deliveries/${ORDER}/payment-prompt`);
    expect(sent!.body).toEqual({ phone: '+256772123456' });
    expect(sent!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The form gave way to the news, and focus went with it.
    expect(document.activeElement?.textContent).toMatch(/^UGX 170,000 asked from/);
  });

  it('asks which network when the number’s prefix does not tell', async () => {
    list = {
      body: {
        items: [aDelivery({ customer: { id: 'c1', name: 'Nakato Sarah', phone: '+256712345678', village: null } })],
        nextCursor: null,
      },
    };
    renderPage();
    const one = await item();
    fireEvent.click(one.getByRole('button', { name: 'Ask for mobile money' }));
    fireEvent.click(one.getByRole('button', { name: 'Send the prompt' }));
    const network = one.getByLabelText('Network');
    expect(document.activeElement).toBe(network);
    expect(posts(`/api/agent/deliveries/${ORDER}/payment-prompt`)).toHaveLength(0);
    fireEvent.change(network, { target: { value: 'airtel' } });
    fireEvent.click(one.getByRole('button', { name: 'Send the prompt' }));
    await waitFor(() => expect(posts(`/api/agent/deliveries/${ORDER}/payment-prompt`)).toHaveLength(1));
    expect(posts(`/api/agent/deliveries/${ORDER}/payment-prompt`)[0]!.body).toEqual({
      phone: '+256712345678',
      network: 'airtel',
    });
  });

  it('hands a paid order over, and says so; a refusal is read out', async () => {
    list = { body: { items: [aDelivery({ paid: true, status: 'paid', payBy: null })], nextCursor: null } };
    handOverReply = {
      status: 409,
      body: { error: { code: 'order_status_not_allowed', message: 'Order ORD-100042 is handed over already.' } },
    };
    renderPage();
    const one = await item();
    expect(one.getByText('In: hand it over')).toBeTruthy();
    fireEvent.click(one.getByRole('button', { name: 'Hand it over' }));
    expect((await screen.findByRole('alert')).textContent).toContain('handed over already');

    handOverReply = { body: {} };
    list = { body: { items: [], nextCursor: null } };
    fireEvent.click(one.getByRole('button', { name: 'Hand it over' }));
    expect(await screen.findByText('Order ORD-100042 is handed over to Nakato Sarah.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Order ORD-100042 is handed over to Nakato Sarah.'),
    );
    expect(await screen.findByText('Nothing to bring now.')).toBeTruthy();
  });
});
