// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addEnglish } from '@/lib/i18n.ts';
import supportStrings from '@/locales/en.support.json';
import { errorOf, fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';
import { aTicket } from '../test-fixtures.ts';
import NewTicketPage from '../new-ticket-page.tsx';

addEnglish(supportStrings);

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

const LOAN = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const server = fakeServer(({ url, method }) => {
  if (method === 'GET' && url === '/api/loans')
    return { body: { loans: [{ id: LOAN, number: 'LN-000042', productName: 'Sun King Home 60' }] } };
  if (method === 'GET' && url.startsWith('/api/orders')) return { body: { items: [], nextCursor: null } };
  if (method === 'POST' && url === '/api/support/tickets') return { status: 201, body: aTicket() };
  return { status: 404, body: {} };
});

beforeEach(() => {
  toasts.length = 0;
  server.start();
});

describe('reporting a problem', () => {
  it('fills in a device fault on a loan from the link, and sends it with a key', async () => {
    renderPage(NewTicketPage, `/support/tickets/new?category=device_fault&loan=${LOAN}`, '/support/tickets/new');
    const about = (await screen.findByLabelText('Which loan or order?')) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Loan LN-000042: Sun King Home 60' });
    expect(about.value).toBe(`loan:${LOAN}`);
    expect((screen.getByLabelText('What is it about?') as HTMLSelectElement).value).toBe('device_fault');
    expect(document.title).toBe('Report a problem · EcoGrid');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Lamp does not charge' } });
    fireEvent.change(screen.getByLabelText('What happened?'), {
      target: { value: 'The battery light stays red all night.' },
    });
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toasts).toEqual(['Ticket TKT-100042 is open. We will answer soon.']));
    const sent = server.seen.find((r) => r.method === 'POST')!;
    expect(sent.body).toEqual({
      category: 'device_fault',
      subject: 'Lamp does not charge',
      description: 'The battery light stays red all night.',
      loanId: LOAN,
    });
    expect(sent.idempotencyKey).toBeTruthy();
  });

  it('says what is missing beside each field and sends nothing', async () => {
    renderPage(NewTicketPage, '/support/tickets/new', '/support/tickets/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    const category = screen.getByLabelText('What is it about?');
    await waitFor(() => expect(errorOf(category)).toBe('Choose what the problem is about.'));
    expect(document.activeElement).toBe(category);
    expect(errorOf(screen.getByLabelText('Subject'))).toBe('Write a short subject (3 to 120 letters).');
    expect(errorOf(screen.getByLabelText('What happened?'))).toBe('Say what happened (at least 10 letters).');
    expect(server.seen.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });
});
