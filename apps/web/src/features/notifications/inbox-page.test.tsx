// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n.ts';
import InboxPage from './inbox-page.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const note = (id: string, title: string, isRead: boolean) => ({
  id,
  type: 'order_update',
  title,
  message: `${title} message`,
  data: {},
  isRead,
  createdAt: '2026-11-21T09:30:00.000Z',
});

function renderInbox() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <InboxPage />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the inbox', () => {
  it('lists notifications with their read state, and marks one and then all read', async () => {
    // A small server: it remembers what was marked read, as the real one does.
    const posted: string[] = [];
    const items = [
      note('n1', 'Order Status Update', false),
      note('n2', 'Payment Update', false),
      note('n3', 'Welcome', true),
    ];
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(path);
          if (path.endsWith('read-all')) {
            const marked = items.filter((n) => !n.isRead).length;
            for (const n of items) n.isRead = true;
            return json({ marked });
          }
          const item = items.find((n) => path === `/api/notifications/${n.id}/read`)!;
          item.isRead = true;
          return json(item);
        }
        return json({ items, unread: items.filter((n) => !n.isRead).length });
      }),
    );
    renderInbox();
    expect(await screen.findByText('2 unread')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    const buttons = screen.getAllByRole('button', { name: 'Mark as read' });
    expect(buttons.map((b) => b.getAttribute('aria-describedby'))).toEqual(['notification-n1', 'notification-n2']);

    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(screen.getByText('1 unread')).toBeTruthy());
    expect(posted).toEqual(['/api/notifications/n1/read']);

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByText('0 unread')).toBeTruthy());
    expect(posted).toEqual(['/api/notifications/n1/read', '/api/notifications/read-all']);
    expect(screen.queryAllByRole('button', { name: 'Mark as read' })).toHaveLength(0);
  });
});

describe('a notification in the inbox', () => {
  it('opens the order, loan or wallet it is about, and nothing for what is not the reader’s', async () => {
    const ORDER = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    const LOAN = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const items = [
      { ...note('n1', 'Order Status Update', true), data: { orderId: 'ORD-100001', id: ORDER, status: 'shipped' } },
      { ...note('n2', 'Payment due soon', true), type: 'loan_reminder', data: { loanId: LOAN } },
      { ...note('n3', 'Payment Update', true), type: 'payment_update', data: { purpose: 'wallet_topup' } },
      {
        ...note('n4', 'Customer order', true),
        data: { orderId: 'ORD-100002', id: ORDER, status: 'paid', customerId: 'c1' },
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ items, unread: 0 }), { status: 200 })),
    );
    renderInbox();
    const links = await screen.findAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Open the order', `/my-orders/${ORDER}`],
      ['Open the loan', `/customer/loan/${LOAN}`],
      ['Open your wallet', '/customer/wallet'],
    ]);
  });
});
