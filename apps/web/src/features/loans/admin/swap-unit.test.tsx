// @vitest-environment jsdom
import type { DeviceSwapQuote } from '@ecogrid/core/devices';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '@/components/ui/toast.tsx';
import { expectAccessible } from '@/test/axe.ts';
import { anAdminLoan, LOAN_ID, PRODUCT_ID } from '@/test/loan-fixtures.ts';
import type { AdminLoan } from './api.ts';
import LoanPage from './loan-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';

vi.mock('@/components/ui/toast.tsx', () => ({ showToast: vi.fn(async () => {}) }));

const PREVIEW = `/api/admin/loans/${LOAN_ID}/swap/preview`;
const SWAP = `/api/admin/loans/${LOAN_ID}/swap`;
const inStock = (serial: string) => ({
  id: serial,
  serialNumber: serial,
  productId: PRODUCT_ID,
  product: { id: PRODUCT_ID, sku: 'SHS-SKH-60', name: 'Sun King Home 60' },
  startingCode: 1,
  tokenCount: 0,
  timeDivider: 1,
  restrictedDigitSet: false,
  status: 'in_stock',
  loanId: null,
  deliveredAt: null,
  warrantyUntil: null,
  createdAt: '2026-03-01T07:00:00.000Z',
  updatedAt: '2026-03-01T07:00:00.000Z',
});
const aQuote = (changes: Partial<DeviceSwapQuote> = {}): DeviceSwapQuote => ({
  loanId: LOAN_ID,
  oldSerial: 'SK60-000123',
  newSerial: 'SK60-000200',
  warrantyUntil: '2028-03-12',
  underWarranty: true,
  charge: 0,
  token: 'SET_TIME',
  daysCarried: 21,
  owedAfter: 825_000,
  ...changes,
});

let loan: AdminLoan;
let quote: DeviceSwapQuote;
const server = fakeServer(({ url, method }) => {
  if (url === `/api/admin/loans/${LOAN_ID}` && method === 'GET') return { body: loan };
  if (url.startsWith('/api/admin/devices?')) {
    return { body: { items: [inStock('SK60-000200'), inStock('SK60-000201')], nextCursor: null } };
  }
  if (url === PREVIEW && method === 'POST') return { body: quote };
  if (url === SWAP && method === 'POST') {
    if (quote.charge > 0 && !(server.seen.at(-1)?.body as { confirmCharge?: boolean }).confirmCharge) {
      return { status: 409, body: { error: { code: 'swap_charge_unconfirmed', message: 'Confirm the charge.' } } };
    }
    loan = { ...loan, deviceSerial: quote.newSerial };
    return { body: { swap: quote, loan } };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } };
});

beforeEach(() => {
  loan = anAdminLoan();
  quote = aQuote();
  vi.mocked(showToast).mockClear();
  server.start();
});

const posts = () => server.seen.filter((r) => r.method === 'POST');
const swapPart = async () => {
  renderPage(LoanPage, `/admin/loans/${LOAN_ID}`, '/admin/loans/:id');
  const heading = await screen.findByRole('heading', { name: 'Swap the unit', level: 2 });
  return within(heading.closest('section')!);
};

describe('swapping the unit of a loan', () => {
  it('previews a free swap under warranty with the days carried, then swaps and shows the new unit', async () => {
    const part = await swapPart();
    fireEvent.click(part.getByRole('button', { name: 'Swap the unit' }));
    const unit = part.getByLabelText('Replacement unit');
    await waitFor(() => expect(within(unit).getByRole('option', { name: 'SK60-000201' })).toBeTruthy());
    const search = server.seen.find((r) => r.url.startsWith('/api/admin/devices?'))!.url;
    expect(search).toContain('status=in_stock');
    expect(search).toContain(`productId=${PRODUCT_ID}`);
    fireEvent.change(unit, { target: { value: 'SK60-000200' } });
    fireEvent.change(part.getByLabelText('Reason'), { target: { value: 'fault' } });
    fireEvent.click(part.getByRole('button', { name: 'Preview the swap' }));

    const read = await part.findByLabelText('What the swap does');
    expect(read.textContent).toContain('Unit returnedSK60-000123');
    expect(read.textContent).toContain('New unitSK60-000200');
    expect(read.textContent).toContain('Under warranty until Mar 12, 2028');
    expect(read.textContent).toContain('21 days paid for and not yet used');
    expect(read.textContent).toContain('ChargeNone');
    expect(posts()[0]).toMatchObject({ url: PREVIEW, body: { newSerial: 'SK60-000200', reason: 'fault', charge: 0 } });
    await expectAccessible(document.body);

    fireEvent.click(part.getByRole('button', { name: 'Confirm the swap' }));
    await waitFor(() => expect(posts().map((r) => r.url)).toEqual([PREVIEW, SWAP]));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('Unit SK60-000200 is on the loan now; SK60-000123 is returned.', {
        kind: 'success',
      }),
    );
    const terms = screen.getByRole('heading', { name: 'Product and plan' }).closest('section')!;
    await waitFor(() => expect(terms.textContent).toContain('SK60-000200'));
  });

  it('asks the admin to confirm the charge of a swap out of warranty before it is sent', async () => {
    quote = aQuote({ underWarranty: false, warrantyUntil: '2026-01-01', charge: 50_000, owedAfter: 875_000 });
    const part = await swapPart();
    fireEvent.click(part.getByRole('button', { name: 'Swap the unit' }));
    fireEvent.change(part.getByLabelText('Reason'), { target: { value: 'fault' } });
    fireEvent.change(part.getByLabelText('Charge if out of warranty (UGX)'), { target: { value: '50,000' } });
    fireEvent.click(part.getByRole('button', { name: 'Preview the swap' }));
    const read = await part.findByLabelText('What the swap does');
    expect(read.textContent).toContain('Warranty ended Jan 1, 2026');
    expect(read.textContent).toContain('ChargeUGX 50,000');
    expect(read.textContent).toContain('Owed after the swapUGX 875,000');
    const confirm = part.getByRole('button', { name: 'Confirm the swap' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(part.getByLabelText('The customer agrees to pay UGX 50,000 for this swap'));
    expect(confirm.disabled).toBe(false);
    await expectAccessible(document.body);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(posts().at(-1)).toMatchObject({ url: SWAP, body: { charge: 50_000, confirmCharge: true } }),
    );
  });

  it('offers no swap for a loan without a unit', async () => {
    loan = anAdminLoan({ deviceSerial: null, warrantyUntil: null });
    renderPage(LoanPage, `/admin/loans/${LOAN_ID}`, '/admin/loans/:id');
    expect(await screen.findByRole('heading', { name: 'LN-100042', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Swap the unit' })).toBeNull();
  });
});
