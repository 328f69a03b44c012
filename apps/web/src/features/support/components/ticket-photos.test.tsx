// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addEnglish } from '@/lib/i18n.ts';
import supportStrings from '@/locales/en.support.json';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';
import AdminTicketPage from '../admin/ticket-page.tsx';
import TicketPage from '../ticket-page.tsx';
import { aTicket } from '../test-fixtures.ts';
import type { Ticket } from '../api.ts';

addEnglish(supportStrings);

const photo = (n: number): Ticket['photos'][number] => ({
  id: `0f0e0d0c-0b0a-4908-8706-05040302010${n}`,
  uploadedBy: { id: 'u-nakato', name: 'Nakato Sarah' },
  createdAt: '2026-11-25T07:30:00.000Z',
});
let shown: Ticket = aTicket();
const server = fakeServer(({ url, method }) => {
  if (method === 'GET' && url === '/api/admin/support/staff') return { body: { me: 'u-grace', staff: [] } };
  if (method === 'GET' && url.endsWith(`/support/tickets/${shown.id}`)) return { body: shown };
  return { status: 404, body: {} };
});

beforeEach(() => server.start());

describe('photos on a ticket', () => {
  it('shows the customer each photo by who sent it and when, opening full size, and lets them add one', async () => {
    shown = aTicket({ photos: [photo(1)] });
    renderPage(TicketPage, `/support/tickets/${shown.id}`, '/support/tickets/:id');
    const picture = await screen.findByRole('img', { name: /^Photo 1 from Nakato Sarah, / });
    expect(picture.getAttribute('src')).toBe(`/api/support/tickets/${shown.id}/photos/${photo(1).id}`);
    expect(picture.closest('a')?.getAttribute('href')).toBe(picture.getAttribute('src'));
    expect(screen.getByLabelText('Add a photo')).toHaveProperty('type', 'file');
    expect(await axeViolations()).toEqual([]);
  });

  it('refuses a file that is not a photo before sending anything', async () => {
    shown = aTicket();
    renderPage(TicketPage, `/support/tickets/${shown.id}`, '/support/tickets/:id');
    expect(await screen.findByText('No photos yet.')).toBeTruthy();
    const file = new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Add a photo'), { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a photo: a JPEG, PNG or WebP picture.');
    expect(server.seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('takes no more once the ticket holds five, and none on a resolved ticket', async () => {
    shown = aTicket({ photos: [1, 2, 3, 4, 5].map(photo) });
    const { unmount } = renderPage(TicketPage, `/support/tickets/${shown.id}`, '/support/tickets/:id');
    expect(await screen.findByText(/This ticket holds the most photos it can \(5\)/)).toBeTruthy();
    expect(screen.queryByLabelText('Add a photo')).toBeNull();
    unmount();
    shown = aTicket({ status: 'resolved', photos: [photo(1)] });
    renderPage(TicketPage, `/support/tickets/${shown.id}`, '/support/tickets/:id');
    await screen.findByRole('img', { name: /^Photo 1 from/ });
    expect(screen.queryByLabelText('Add a photo')).toBeNull();
  });

  it('shows staff the photos from the admin path, without adding', async () => {
    shown = aTicket({ photos: [photo(1), photo(2)] });
    renderPage(AdminTicketPage, `/admin/support/${shown.id}`, '/admin/support/:id');
    const second = await screen.findByRole('img', { name: /^Photo 2 from Nakato Sarah/ });
    expect(second.getAttribute('src')).toBe(`/api/admin/support/tickets/${shown.id}/photos/${photo(2).id}`);
    expect(screen.queryByLabelText('Add a photo')).toBeNull();
  });
});
