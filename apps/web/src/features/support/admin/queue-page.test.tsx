// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addEnglish } from '@/lib/i18n.ts';
import supportStrings from '@/locales/en.support.json';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';
import { aTicketSummary } from '../test-fixtures.ts';
import SupportQueuePage from './queue-page.tsx';

addEnglish(supportStrings);

const NOW = new Date('2026-11-27T07:00:00.000Z');
const answered = aTicketSummary({
  firstResponseAt: '2026-11-25T10:00:00.000Z',
  assignee: { id: 'u-grace', name: 'Achieng Grace' },
});
const delivery = aTicketSummary({
  id: '4a3b2c1d-0e9f-4876-9543-21fedcba9877',
  number: 'TKT-100043',
  category: 'delivery',
  subject: 'Order not here',
  status: 'waiting_on_customer',
  customer: { id: 'u-okello', name: 'Okello James' },
  about: null,
  createdAt: '2026-11-27T06:15:00.000Z',
});

const server = fakeServer(({ url }) => {
  if (url === '/api/admin/support/staff')
    return { body: { me: 'u-grace', staff: [{ id: 'u-grace', name: 'Achieng Grace' }] } };
  if (url === '/api/admin/support/tickets') return { body: { items: [answered, delivery] } };
  if (url === '/api/admin/support/tickets?category=delivery') return { body: { items: [delivery] } };
  return { status: 404, body: {} };
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  server.start();
});

describe('the support queue', () => {
  it('shows each ticket’s age, first response and assignee, by name', async () => {
    renderPage(SupportQueuePage, '/admin/support');
    const list = await screen.findByRole('list', { name: 'Support tickets' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Nakato Sarah');
    expect(first!.textContent).toContain('Waiting 2 days');
    expect(first!.textContent).toContain('First answer after 3 hours');
    expect(first!.textContent).toContain('With Achieng Grace');
    expect(second!.textContent).toContain('Waiting 45 minutes');
    expect(second!.textContent).toContain('Not answered yet');
    expect(second!.textContent).toContain('Nobody yet');
    expect(within(second!).getByRole('link', { name: 'Order not here' }).getAttribute('href')).toBe(
      `/admin/support/${delivery.id}`,
    );
    expect(document.title).toBe('Support tickets · EcoGrid');
    expect(await axeViolations()).toEqual([]);
  });

  it('filters by category through the address', async () => {
    renderPage(SupportQueuePage, '/admin/support');
    await screen.findByRole('list', { name: 'Support tickets' });
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'delivery' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 ticket'));
    expect(server.seen.map((r) => r.url)).toContain('/api/admin/support/tickets?category=delivery');
  });
});
