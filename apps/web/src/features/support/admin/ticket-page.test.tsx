// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addEnglish } from '@/lib/i18n.ts';
import supportStrings from '@/locales/en.support.json';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';
import { aTicket } from '../test-fixtures.ts';
import AdminTicketPage from './ticket-page.tsx';

addEnglish(supportStrings);

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

const ticket = aTicket();
const path = `/api/admin/support/tickets/${ticket.id}`;
let outOfWarranty = false;
const server = fakeServer(({ url, method, body }) => {
  if (url === '/api/admin/support/staff')
    return { body: { me: 'u-grace', staff: [{ id: 'u-grace', name: 'Achieng Grace' }] } };
  if (method === 'GET' && url === path)
    return {
      body: outOfWarranty
        ? aTicket({ warranty: { deviceSerial: 'SK-0001', warrantyUntil: '2026-01-31', underWarranty: false } })
        : ticket,
    };
  if (method === 'POST' && url === `${path}/resolution`) {
    const input = body as { outcome: 'swap'; newSerial: string };
    return { body: aTicket({ status: 'resolved', outcome: input.outcome, swapSerial: input.newSerial }) };
  }
  return { status: 404, body: {} };
});

beforeEach(() => {
  toasts.length = 0;
  outOfWarranty = false;
  server.start();
});

describe('a ticket for staff', () => {
  it('swaps a unit under warranty with the serial given, and shows the new unit', async () => {
    renderPage(AdminTicketPage, `/admin/support/${ticket.id}`, '/admin/support/:id');
    expect(await screen.findByText(/^Unit SK-0001 is under warranty until 2028-11-01/)).toBeTruthy();
    expect((screen.getByLabelText('How it was resolved') as HTMLSelectElement).value).toBe('swap');
    fireEvent.change(screen.getByLabelText('Serial number of the replacement'), { target: { value: 'SK-0099' } });
    fireEvent.change(screen.getByLabelText('Message to the customer'), { target: { value: 'Replaced, free.' } });
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Resolve the ticket' }));
    await waitFor(() => expect(toasts).toEqual(['Ticket TKT-100042 is resolved; the customer is told.']));
    const sent = server.seen.find((r) => r.method === 'POST')!;
    expect(sent.body).toEqual({ outcome: 'swap', body: 'Replaced, free.', newSerial: 'SK-0099' });
    expect(sent.idempotencyKey).toBeTruthy();
    expect(await screen.findByText('SK-0099')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resolve the ticket' })).toBeNull();
  });

  it('offers a quote, not a free swap, once the warranty has ended', async () => {
    outOfWarranty = true;
    renderPage(AdminTicketPage, `/admin/support/${ticket.id}`, '/admin/support/:id');
    expect(await screen.findByText(/^Unit SK-0001 is out of warranty/)).toBeTruthy();
    const outcome = screen.getByLabelText('How it was resolved') as HTMLSelectElement;
    expect([...outcome.options].map((o) => o.value)).toEqual(['quote', 'repair', 'answer']);
    expect(screen.getByLabelText('Amount quoted (UGX)')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });
});
