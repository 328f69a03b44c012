// @vitest-environment jsdom
import type { Product } from '@ecogrid/core';
import type { LoanPlan } from '@ecogrid/core/loans';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aMonthlyPlan, aPlan, fakeServer, PRODUCT_ID, renderLoans } from '@/features/loans/test-setup.tsx';
import ProductRoute from './product-route.tsx';

vi.mock('@/components/ui/toast.tsx', () => ({ showToast: async () => undefined }));

const product = (changes: Partial<Product> = {}): Product => ({
  id: PRODUCT_ID,
  sku: 'SK-HOME-60',
  name: 'SunKing Home 60 kit',
  slug: 'sunking-home-60-kit',
  description: 'A 60 W panel, a battery, four lights and a radio.',
  category: 'home-systems',
  brand: 'SunKing',
  price: 600_000,
  images: [],
  specs: { panelWatts: 60, batteryWh: 200, lights: 4, appliancesIncluded: ['Radio'], warrantyMonths: 24 },
  stock: 8,
  active: true,
  loanEligible: true,
  createdAt: '2026-01-10T08:00:00.000Z',
  ...changes,
});

let shown: Product;
let plans: LoanPlan[];
const server = fakeServer(({ url, method }) => {
  if (url === `/api/catalog/products/${PRODUCT_ID}`) return { body: shown };
  if (url === '/api/catalog/categories') return { body: { items: [] } };
  if (url === '/api/catalog/products/not-a-uuid')
    return { status: 400, body: { error: { code: 'validation_error', message: 'id: Invalid UUID' } } };
  if (url === `/api/products/${PRODUCT_ID}/loan-plans`) return { body: { plans } };
  if (url === '/api/auth/get-session')
    return { body: { user: { id: 'u1', name: 'Nakato Sarah', userType: 'customer' } } };
  if (url === '/api/cart/items' && method === 'POST')
    return { status: 201, body: { lines: [], count: 1, cashTotal: 0, loanTotal: 600_000 } };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  shown = product();
  plans = [aPlan(), aMonthlyPlan()];
  sessionStorage.clear();
  localStorage.clear();
  server.start();
  // Monday 2 March 2026 in Kampala: the schedule shown counts from this day.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T07:00:00.000Z'));
});

const renderProduct = () => renderLoans(`/product/${PRODUCT_ID}`, [{ path: '/product/:id', page: <ProductRoute /> }]);
const fact = (section: ReturnType<typeof within>, term: string) =>
  section.getByText(term).nextElementSibling?.textContent;

describe('the product page', () => {
  it.each([
    ['a malformed id', 'not-a-uuid'],
    ['an unknown id', '5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c'],
  ])('answers a link with %s with a friendly not-found page, not the id check', async (_what, id) => {
    renderLoans(`/product/${id}`, [{ path: '/product/:id', page: <ProductRoute /> }]);
    expect(await screen.findByRole('heading', { name: 'This product was not found', level: 1 })).toBeTruthy();
    expect(screen.queryByText(/UUID/)).toBeNull();
    expect(screen.getByRole('link', { name: /marketplace/i }).getAttribute('href')).toBe('/marketplace');
  });

  it("shows a plan's quote and its schedule from today before the product goes into the cart on credit", async () => {
    renderProduct();
    const credit = within((await screen.findByRole('heading', { name: 'Buy on credit' })).closest('section')!);
    const weekly = credit.getByLabelText(/^Weekly, 12 weeks/) as HTMLInputElement;
    expect(weekly.checked).toBe(true);
    expect(weekly.closest('label')!.textContent).toContain(
      'UGX 180,000 deposit, then 12 weekly payments of UGX 45,000',
    );
    expect(fact(credit, 'Cash price')).toBe('UGX 600,000');
    expect(fact(credit, 'Credit price')).toBe('UGX 720,000');
    expect(fact(credit, 'Deposit, paid first')).toBe('UGX 180,000');
    expect(fact(credit, 'Each instalment')).toBe('UGX 45,000');
    expect(fact(credit, 'Number of instalments')).toBe('12, every week');
    expect(fact(credit, 'Total cost of credit')).toBe('UGX 120,000');
    const schedule = credit.getByText('See all 12 payment dates').closest('details')!;
    const dates = within(schedule).getAllByRole('listitem');
    expect(dates).toHaveLength(12);
    expect(dates[0]!.textContent).toBe('1.Mar 9, 2026UGX 45,000');
    expect(dates[11]!.textContent).toBe('12.May 25, 2026UGX 45,000');

    fireEvent.click(credit.getByLabelText(/^Monthly, 7 months/));
    expect(fact(credit, 'Credit price')).toBe('UGX 690,000');
    expect(fact(credit, 'Deposit, paid first')).toBe('UGX 69,000');
    expect(fact(credit, 'Each instalment')).toBe('UGX 88,714, the last UGX 88,716');
    expect(fact(credit, 'Number of instalments')).toBe('7, every month');
    expect(fact(credit, 'Total cost of credit')).toBe('UGX 90,000');
    const monthly = within(credit.getByText('See all 7 payment dates').closest('details')!).getAllByRole('listitem');
    expect(monthly.map((item) => item.textContent)).toEqual([
      '1.Apr 2, 2026UGX 88,714',
      '2.May 2, 2026UGX 88,714',
      '3.Jun 2, 2026UGX 88,714',
      '4.Jul 2, 2026UGX 88,714',
      '5.Aug 2, 2026UGX 88,714',
      '6.Sep 2, 2026UGX 88,714',
      '7.Oct 2, 2026UGX 88,716',
    ]);

    fireEvent.click(credit.getByRole('button', { name: 'Buy on credit' }));
    expect(await credit.findByText('Added to your cart, to buy on credit.')).toBeTruthy();
    expect(server.seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { productId: PRODUCT_ID, paymentMode: 'loan' },
    ]);
    expect(localStorage.getItem(`ecogrid-loan-plan:${PRODUCT_ID}`)).toBe(aMonthlyPlan().id);
  });

  it('offers no credit for a product sold on credit without a plan', async () => {
    plans = [];
    renderProduct();
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeTruthy();
    await waitFor(() => expect(server.seen.some((r) => r.url.endsWith('/loan-plans'))).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Buy on credit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy on credit' })).toBeNull();
  });

  it('asks for no plans for a product not sold on credit', async () => {
    shown = product({ loanEligible: false });
    renderProduct();
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Buy on credit' })).toBeNull();
    expect(server.seen.some((r) => r.url.endsWith('/loan-plans'))).toBe(false);
  });
});
