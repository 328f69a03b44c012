// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import PaymentsPage from './payments-page.tsx';
import { anAdminPayment, fakeServer, renderPage } from '@/test/admin-setup.tsx';

const older = anAdminPayment({
  id: 'p2',
  reference: 'EG-OLDER001',
  status: 'failed',
  purpose: 'payout',
  method: 'airtel',
  amount: 40_000,
  user: { id: 'u2', name: 'Okello James', email: null, phone: '+256701234567' },
});

const server = fakeServer(({ url }) => {
  if (!url.startsWith('/api/admin/payments')) return { status: 404, body: {} };
  return url.includes('cursor=c2')
    ? { body: { items: [older], nextCursor: null } }
    : { body: { items: [anAdminPayment()], nextCursor: 'c2' } };
});

beforeEach(() => server.start());

describe('the admin payments list', () => {
  it('lists payments with their reference, status, amount and customer, and loads more', async () => {
    renderPage(PaymentsPage, '/admin/payments');
    const card = (await screen.findByRole('article', { name: 'EG-7K2M9QXA' })) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'EG-7K2M9QXA' }).getAttribute('href')).toBe(
      '/admin/payments/0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b',
    );
    expect(card.textContent).toContain('Pending');
    expect(card.textContent).toContain('Wallet top-up');
    expect(card.textContent).toContain('UGX 250,000');
    expect(card.textContent).toContain('Nakato Sarah');
    expect(card.textContent).toContain('MTN Mobile Money · +256772123456');
    expect(screen.getByText('Showing 1 payment')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const second = (await screen.findByRole('article', { name: 'EG-OLDER001' })) as HTMLElement;
    expect(second.textContent).toContain('Failed');
    expect(second.textContent).toContain('Withdrawal');
    expect(server.seen.map((r) => r.url)).toContain('/api/admin/payments?limit=25&cursor=c2');
  });

  it('filters by status, purpose and method, and searches once typing stops', async () => {
    renderPage(PaymentsPage, '/admin/payments');
    await screen.findByRole('article', { name: 'EG-7K2M9QXA' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    fireEvent.change(screen.getByLabelText('Purpose'), { target: { value: 'payout' } });
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'airtel' } });
    await waitFor(() =>
      expect(server.seen.map((r) => r.url)).toContain(
        '/api/admin/payments?status=failed&purpose=payout&method=airtel&limit=25',
      ),
    );

    const before = server.seen.length;
    const search = screen.getByLabelText('Search payments');
    fireEvent.change(search, { target: { value: '0772' } });
    fireEvent.change(search, { target: { value: '0772 12' } });
    // Nothing is asked for while the admin is still typing.
    expect(server.seen.length).toBe(before);
    await waitFor(() =>
      expect(server.seen.map((r) => r.url)).toContain(
        '/api/admin/payments?status=failed&purpose=payout&method=airtel&q=0772+12&limit=25',
      ),
    );
    expect(server.seen.slice(before).some((r) => r.url.includes('q=0772&'))).toBe(false);
  });
});
