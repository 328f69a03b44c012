// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PortfolioFigures } from './api.ts';
import LoanApprovalsPage from './loan-approvals-page.tsx';
import { aPortfolioLoan, FIGURES, LOAN_ID } from '@/test/loan-fixtures.ts';
import LoansPage from './loans-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';

let figures: PortfolioFigures;
const server = fakeServer(({ url }) => {
  if (url === '/api/admin/loans/figures') return { body: figures };
  if (!url.startsWith('/api/admin/loans?')) return { status: 404, body: {} };
  if (url.includes('status=pending_approval')) {
    return { body: { items: [aPortfolioLoan({ status: 'pending_approval', daysPastDue: 0 })], nextCursor: null } };
  }
  return url.includes('cursor=c2')
    ? { body: { items: [aPortfolioLoan({ id: 'l2', number: 'LN-100041', status: 'completed' })], nextCursor: null } }
    : { body: { items: [aPortfolioLoan()], nextCursor: 'c2' } };
});

beforeEach(() => {
  figures = FIGURES;
  server.start();
});

/** The portfolio with the address's search shown, to see the filters kept there. */
function PortfolioWithAddress() {
  const { search } = useLocation();
  return (
    <>
      <LoansPage />
      <output data-testid="address">{search}</output>
    </>
  );
}

const listRequests = () => server.seen.map((r) => r.url).filter((url) => url.startsWith('/api/admin/loans?'));

describe('the loans portfolio', () => {
  it('shows the figures: the balance, portfolio at risk and collection rate in percent, and the counts', async () => {
    renderPage(LoansPage, '/admin/loans');
    const figures = within((await screen.findByRole('heading', { name: 'Portfolio', level: 2 })).closest('section')!);
    const value = async (term: string) => (await figures.findByText(term)).nextElementSibling?.textContent;
    expect(await value('Outstanding')).toBe('UGX 12,500,000');
    expect(await value('At risk, PAR1')).toBe('21.5 %');
    expect(await value('At risk, PAR30')).toBe('12.3 %');
    expect(await value('At risk, PAR60')).toBe('5.0 %');
    expect(await value('At risk, PAR90')).toBe('0.0 %');
    expect(await value('Collection rate')).toBe('91.3 %');
    expect(await value('Active loans')).toBe('40');
    expect(await value('Paid off')).toBe('12');
    expect(await value('Waiting for approval')).toBe('3');
    expect(await value('In arrears')).toBe('7');
    expect(figures.getByText('UGX 7,300,000 collected of UGX 8,000,000 due to date.')).toBeTruthy();
    const queue = screen.getByRole('link', { name: /Loan approvals/ });
    expect(queue.getAttribute('href')).toBe('/admin/loans/approvals');
    expect(queue.textContent).toContain('3 waiting');
  });

  it('says nothing is due yet, rather than a 0 % collection rate, when only payments ahead were made', async () => {
    figures = { ...FIGURES, collectionRate: null, dueToDate: 0, collectedToDate: 0, paidAhead: 382_500 };
    renderPage(LoansPage, '/admin/loans');
    const section = within((await screen.findByRole('heading', { name: 'Portfolio', level: 2 })).closest('section')!);
    expect((await section.findByText('Collection rate')).nextElementSibling?.textContent).toBe('Nothing due yet');
    expect(
      section.getByText(
        'UGX 0 collected of UGX 0 due to date. UGX 382,500 more was paid ahead of due dates; it counts when those instalments fall due.',
      ),
    ).toBeTruthy();
  });

  it('lists loans with their number, customer, product, status, balance, lateness and next instalment, and loads more', async () => {
    renderPage(LoansPage, '/admin/loans');
    const card = await screen.findByRole('article', { name: 'LN-100042' });
    expect(within(card).getByRole('link', { name: 'LN-100042' }).getAttribute('href')).toBe(`/admin/loans/${LOAN_ID}`);
    const text = card.textContent!;
    expect(text).toContain('Active');
    expect(text).toContain('Nakato Sarah · +256772123456');
    expect(text).toContain('Sun King Home 60 · Pay monthly for a year');
    expect(text).toContain('OutstandingUGX 825,000');
    expect(text).toContain('Days past due12 days late');
    expect(text).toContain('Next dueApr 2, 2026 · UGX 75,000');
    expect(text).toContain('Mukono · agent AG-001');
    expect(screen.getByText('Showing 1 loan')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('article', { name: 'LN-100041' })).textContent).toContain('Paid off');
    expect(listRequests()).toEqual(['/api/admin/loans?limit=25', '/api/admin/loans?limit=25&cursor=c2']);
  });

  it('filters by status at once', async () => {
    renderPage(LoansPage, '/admin/loans');
    await screen.findByRole('article', { name: 'LN-100042' });
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => o.text)).toEqual([
      'All statuses',
      'Waiting for approval',
      'Approved, deposit not paid yet',
      'Active',
      'Paid off',
      'Defaulted',
      'Cancelled',
      'Repossessed',
      'Written off',
    ]);
    fireEvent.change(status, { target: { value: 'active' } });
    await waitFor(() => expect(listRequests()).toContain('/api/admin/loans?status=active&limit=25'));
  });

  it('sends the typed filters, keeping them in the address, once typing stops', async () => {
    renderPage(PortfolioWithAddress, '/admin/loans?status=active');
    await screen.findByRole('article', { name: 'LN-100042' });
    fireEvent.change(screen.getByLabelText('District'), { target: { value: 'Mukono ' } });
    fireEvent.change(screen.getByLabelText('Agent code'), { target: { value: 'AG-001' } });
    fireEvent.change(screen.getByLabelText('Days past due, at least'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Days past due, at most'), { target: { value: '30' } });
    const wanted =
      '/api/admin/loans?status=active&district=Mukono&agent=AG-001&minDaysPastDue=1&maxDaysPastDue=30&limit=25';
    await waitFor(() => expect(listRequests()).toContain(wanted));
    expect(listRequests().filter((url) => url.includes('district=Mukono&limit'))).toEqual([]);
    expect(screen.getByTestId('address').textContent).toBe(
      '?status=active&district=Mukono&agent=AG-001&minDaysPastDue=1&maxDaysPastDue=30',
    );
  });

  it('opens on the filters in the address, and flags days that cannot be sent', async () => {
    renderPage(LoansPage, '/admin/loans?status=defaulted&minDaysPastDue=90');
    await screen.findByRole('article', { name: 'LN-100042' });
    expect(listRequests()[0]).toBe('/api/admin/loans?status=defaulted&minDaysPastDue=90&limit=25');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('defaulted');
    expect((screen.getByLabelText('Days past due, at least') as HTMLInputElement).value).toBe('90');

    const most = screen.getByLabelText('Days past due, at most');
    fireEvent.change(most, { target: { value: '2.5' } });
    expect(most.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a whole number of days, like 30.')).toBeTruthy();
    fireEvent.change(most, { target: { value: '30' } });
    const least = screen.getByLabelText('Days past due, at least');
    expect(least.getAttribute('aria-invalid')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listRequests().every((url) => !url.includes('maxDaysPastDue'))).toBe(true);
  });
});

describe('the loan approval queue', () => {
  it('asks for the applications waiting for approval, each opening its loan', async () => {
    renderPage(LoanApprovalsPage, '/admin/loans/approvals');
    const card = await screen.findByRole('article', { name: 'LN-100042' });
    expect(card.textContent).toContain('Waiting for approval');
    expect(within(card).getByRole('link', { name: 'LN-100042' }).getAttribute('href')).toBe(`/admin/loans/${LOAN_ID}`);
    expect(listRequests()).toEqual(['/api/admin/loans?status=pending_approval&limit=25']);
  });
});
