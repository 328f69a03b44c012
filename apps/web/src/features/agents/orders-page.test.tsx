// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAgentPage } from '@/test/agent-setup.tsx';
import { listServer, retryAfterFailure } from '@/test/agent-book-setup.ts';
import { expectAccessible } from '@/test/axe.ts';
import type { AgentOrder } from './books-api.ts';
import AgentOrdersPage from './orders-page.tsx';

const anOrder = (changes: Partial<AgentOrder> = {}): AgentOrder => ({
  id: '5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f',
  number: 'ORD-000042',
  status: 'paid',
  total: 1_250_000,
  itemCount: 3,
  firstItem: 'SunKing Home 60 kit',
  createdAt: '2026-03-02T07:15:00.000Z',
  customer: { id: 'c1', name: 'Nakato Sarah', phone: '+256772123456', village: 'Kireka' },
  ...changes,
});
const delivered = anOrder({
  id: '6e7f8091-a1b2-4c3d-9e4f-5a6b7c8d9e0f',
  number: 'ORD-000041',
  status: 'delivered',
  itemCount: 1,
  firstItem: 'Solar lantern',
  customer: { id: 'c2', name: 'Okello John', phone: null, village: 'Namugongo' },
});

const { replies, reset } = listServer();

beforeEach(() => {
  reset({
    '/api/agent/orders?limit=25': { body: { items: [anOrder(), delivered], nextCursor: null } },
    '/api/agent/orders?status=delivered&limit=25': { body: { items: [delivered], nextCursor: null } },
  });
});

const renderPage = (path = '/agent/orders') => renderAgentPage(path, { '/agent/orders': <AgentOrdersPage /> });
const list = async () => within(await screen.findByRole('list', { name: "Your customers' orders" }));

describe("the agent's customers' orders", () => {
  it('lists them newest first, each naming the customer with a link to their page', async () => {
    const { container } = renderPage();
    const [sarah, john] = (await list()).getAllByRole('listitem');
    expect(document.title).toBe("Your customers' orders · EcoGrid");
    expect(screen.getByRole('status').textContent).toBe('2 orders shown');
    expect(within(sarah!).getByRole('link', { name: 'Nakato Sarah' }).getAttribute('href')).toBe('/agent/customers/c1');
    expect(sarah!.textContent).toContain('0772 123456 · Kireka');
    expect(sarah!.textContent).toContain('ORD-000042 · SunKing Home 60 kit and more: 3 items');
    expect(sarah!.textContent).toContain('UGX 1,250,000 · Paid');
    expect(within(john!).getByRole('link', { name: 'Okello John' }).getAttribute('href')).toBe('/agent/customers/c2');
    expect(john!.textContent).toContain('No phone number · Namugongo');
    expect(john!.textContent).toContain('ORD-000041 · Solar lantern');
    expect(john!.textContent).toContain('Delivered');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await expectAccessible(container);
  });

  it('shows the orders of one status when asked', async () => {
    renderPage();
    await list();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'delivered' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 order shown'));
    expect((await list()).getByRole('link', { name: 'Okello John' })).toBeTruthy();
  });

  it('opens on the status named in the address', async () => {
    renderPage('/agent/orders?show=delivered');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 order shown'));
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('delivered');
  });

  it('says so when none of the customers has an order, or none matches', async () => {
    replies['/api/agent/orders?limit=25'] = { body: { items: [], nextCursor: null } };
    replies['/api/agent/orders?status=cancelled&limit=25'] = { body: { items: [], nextCursor: null } };
    const { container } = renderPage();
    expect(await screen.findByText('None of your customers has an order yet.')).toBeTruthy();
    await expectAccessible(container);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'cancelled' } });
    expect(await screen.findByText("None of your customers' orders matches this choice.")).toBeTruthy();
  });

  it('offers to try again when the orders cannot be fetched', async () => {
    await retryAfterFailure(
      replies,
      '/api/agent/orders?limit=25',
      { body: { items: [delivered], nextCursor: null } },
      renderPage,
    );
    expect((await list()).getByRole('link', { name: 'Okello John' })).toBeTruthy();
  });
});
