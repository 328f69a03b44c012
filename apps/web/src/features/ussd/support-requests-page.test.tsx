// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupportRequest } from './api.ts';
import SupportRequestsPage from './support-requests-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

const waiting: SupportRequest = {
  id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  customerId: 'u-nakato',
  customerName: 'Nakato Sarah',
  customerPhone: '+256772123456',
  agent: { id: 'u-agent', name: 'Okello James' },
  channel: 'ussd',
  topic: 'device',
  status: 'open',
  createdAt: '2026-11-27T07:15:00.000Z',
  handledBy: null,
  handledAt: null,
  handledNote: null,
};

const handledOne: SupportRequest = {
  ...waiting,
  id: '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b',
  customerName: 'Mukasa Peter',
  customerPhone: '+256701555000',
  agent: null,
  topic: 'payment',
  status: 'handled',
  handledBy: { id: 'u-admin', name: 'Achieng Grace' },
  handledAt: '2026-11-27T09:30:00.000Z',
  handledNote: 'Paid by paybill while we spoke.',
};

let refusal: { status: number; body: unknown } | null;
let handled: SupportRequest[];
const server = fakeServer(({ url, method }) => {
  if (method === 'GET' && url === '/api/admin/support-requests?status=open')
    return { body: { items: handled.length > 1 ? [] : [waiting] } };
  if (method === 'GET' && url === '/api/admin/support-requests?status=handled') return { body: { items: handled } };
  if (method === 'POST' && url === `/api/admin/support-requests/${waiting.id}/handled`) {
    if (refusal) return refusal;
    const done = {
      ...waiting,
      status: 'handled' as const,
      handledBy: handledOne.handledBy,
      handledAt: handledOne.handledAt,
    };
    handled = [done, ...handled];
    return { body: done };
  }
  return { status: 404, body: {} };
});

beforeEach(() => {
  toasts.length = 0;
  refusal = null;
  handled = [handledOne];
  server.start();
});

describe('the call-back requests screen', () => {
  it('names each waiting customer with a link to their account, a number to call, the topic, when and their agent', async () => {
    renderPage(SupportRequestsPage, '/admin/support-requests');
    const card = (await screen.findByRole('article', { name: 'Nakato Sarah' })) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Nakato Sarah' }).getAttribute('href')).toBe(
      '/admin/users?q=%2B256772123456',
    );
    expect(within(card).getByRole('link', { name: '0772 123456' }).getAttribute('href')).toBe('tel:+256772123456');
    expect(card.textContent).toContain('A device or token');
    expect(card.textContent).toContain('Okello James');
    expect(card.querySelector('time')?.getAttribute('datetime')).toBe(waiting.createdAt);
    expect(document.title).toBe('Call-back requests · EcoGrid');
    expect(screen.getByRole('tab', { name: 'Waiting' }).getAttribute('aria-selected')).toBe('true');
    expect(await axeViolations()).toEqual([]);
  });

  it('marks a request handled with a note, says so, and moves it to the handled tab', async () => {
    renderPage(SupportRequestsPage, '/admin/support-requests');
    const card = (await screen.findByRole('article', { name: 'Nakato Sarah' })) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Mark handled' }));
    fireEvent.change(within(card).getByLabelText('Note (optional)'), { target: { value: ' Token sent again ' } });
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: 'Save as handled' }));
    await waitFor(() => expect(toasts).toEqual(['The request from Nakato Sarah is marked handled.']));
    const sent = server.seen.find((r) => r.method === 'POST')!;
    expect(sent.body).toEqual({ note: 'Token sent again' });
    expect(await screen.findByText('No customer is waiting for a call.')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Handled' }));
    const done = (await screen.findByRole('article', { name: 'Mukasa Peter' })) as HTMLElement;
    expect(done.textContent).toContain('Achieng Grace');
    expect(done.textContent).toContain('Paid by paybill while we spoke.');
    expect(within(done).queryByRole('button', { name: 'Mark handled' })).toBeNull();
    expect(await screen.findByRole('article', { name: 'Nakato Sarah' })).toBeTruthy();
  });

  it('says why when another admin handled the request first', async () => {
    refusal = {
      status: 409,
      body: { error: { code: 'support_handled', message: 'Another admin has already handled this request.' } },
    };
    renderPage(SupportRequestsPage, '/admin/support-requests');
    const card = (await screen.findByRole('article', { name: 'Nakato Sarah' })) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Mark handled' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Save as handled' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Another admin has already handled this request.',
    );
    expect(toasts).toEqual([]);
  });
});
