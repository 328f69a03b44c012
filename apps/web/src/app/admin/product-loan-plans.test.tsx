// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '@/features/catalog/admin/api.ts';
import { aDetail, aProduct, CATEGORIES, PRODUCT_ID } from '@/features/catalog/admin/catalogue-fixtures.ts';
import { LoanPlans } from '@/features/loans/admin/loan-plans.tsx';
import { aYearlyPlan, PLAN_ID } from '@/test/loan-fixtures.ts';
import type { LoanPlan } from '@/features/loans/admin/api.ts';
import { ProductEditPage } from './catalogue-pages.tsx';
import { errorOf, fakeServer, renderPage } from '@/test/admin-setup.tsx';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

const PLANS = `/api/admin/products/${PRODUCT_ID}/loan-plans`;
const NEW_PLAN = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

let detail: ProductDetail;
let plans: LoanPlan[];
let refusal: { status: number; body: unknown } | null;
const server = fakeServer(({ url, method, body }) => {
  if (url === '/api/admin/catalog/categories') return { body: { items: CATEGORIES } };
  if (url === `/api/admin/catalog/products/${PRODUCT_ID}`) return { body: detail };
  if (url.startsWith(`/api/admin/catalog/products/${PRODUCT_ID}/stock-movements`)) return { body: detail.movements };
  if (url === PLANS && method === 'GET') return { body: { plans } };
  if (refusal) return refusal;
  if (url === PLANS && method === 'POST')
    return { status: 201, body: aYearlyPlan({ ...(body as object), id: NEW_PLAN }) };
  if (url === `/api/admin/loan-plans/${PLAN_ID}` && method === 'PATCH') return { body: aYearlyPlan(body as object) };
  return { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } };
});

beforeEach(() => {
  detail = aDetail();
  plans = [aYearlyPlan()];
  refusal = null;
  toasts.length = 0;
  server.start();
});

/** The product page, with its loan plans among its other parts. */
const renderProductPage = () => renderPage(ProductEditPage, `/admin/products/${PRODUCT_ID}`, '/admin/products/:id');
const plansPart = async () =>
  within((await screen.findByRole('heading', { name: 'Loan plans', level: 2 })).closest('section')!);
/** The plans part alone, for the form's checks (the whole page is slow to render on a busy machine). */
const renderPlans = () => {
  const Plans = () => <LoanPlans product={detail.product} />;
  renderPage(Plans, '/admin/products');
  return within(document.body);
};
const writes = () => server.seen.filter((r) => r.method !== 'GET');

describe("a product's loan plans", () => {
  it('lists each plan on the product page with its terms and what a customer would be quoted at the current price', async () => {
    renderProductPage();
    const part = await plansPart();
    const card = await part.findByRole('article', { name: 'Pay monthly for a year' });
    const text = card.textContent!;
    expect(text).toContain('Offered');
    expect(text).toContain('Deposit25%');
    expect(text).toContain('Instalments12 monthly instalments');
    expect(text).toContain('Markup20%');
    // 45,000 cash + 20 % = 54,000; 25 % of it down = 13,500; the rest in 12 of 3,375.
    expect(text).toContain('Credit priceUGX 54,000');
    expect(text).toContain('DepositUGX 13,500');
    expect(text).toContain('12 monthly instalments of UGX 3,375');
    expect(text).toContain('Cost of creditUGX 9,000');
  });

  it('checks a new plan before sending it, then sends the percentages as basis points', async () => {
    const part = renderPlans();
    fireEvent.click(await part.findByRole('button', { name: 'Add a plan' }));
    const form = within(part.getByRole('form', { name: 'New plan' }));
    fireEvent.click(form.getByRole('button', { name: 'Add plan' }));
    expect(form.getByRole('alert').textContent).toBe('Check the 4 fields marked below.');
    expect(errorOf(form.getByLabelText('Name customers see'))).toBe('Name the plan, in 80 characters at most.');
    expect(errorOf(form.getByLabelText('Deposit (%)'))).toBe(
      'Enter a percentage from 0 to 90, with at most two decimals.',
    );
    expect(errorOf(form.getByLabelText('Markup (%)'))).toBe(
      'Enter a percentage from 0 to 200, with at most two decimals.',
    );
    expect(errorOf(form.getByLabelText('Number of instalments'))).toBe(
      'Enter a whole number of instalments from 1 to 730.',
    );
    expect(document.activeElement).toBe(form.getByLabelText('Name customers see'));

    fireEvent.change(form.getByLabelText('Name customers see'), { target: { value: '  Weekly for half a year ' } });
    fireEvent.change(form.getByLabelText('Deposit (%)'), { target: { value: '95' } });
    fireEvent.change(form.getByLabelText('Markup (%)'), { target: { value: '12.345' } });
    fireEvent.change(form.getByLabelText('Number of instalments'), { target: { value: '26' } });
    fireEvent.click(form.getByRole('button', { name: 'Add plan' }));
    expect(form.getByRole('alert').textContent).toBe('Check the 2 fields marked below.');
    expect(errorOf(form.getByLabelText('Deposit (%)'))).toBe(
      'Enter a percentage from 0 to 90, with at most two decimals.',
    );
    expect(errorOf(form.getByLabelText('Markup (%)'))).toBe(
      'Enter a percentage from 0 to 200, with at most two decimals.',
    );
    expect(writes()).toEqual([]);

    fireEvent.change(form.getByLabelText('Deposit (%)'), { target: { value: '12.5' } });
    fireEvent.change(form.getByLabelText('Markup (%)'), { target: { value: '30' } });
    fireEvent.change(form.getByLabelText('How often'), { target: { value: 'weekly' } });
    // 45,000 + 30 % = 58,500; 12.5 % down = 7,313 (rounded half up); 51,187 over 26 weeks.
    expect(form.getByText('26 weekly instalments of UGX 1,968, the last UGX 1,987')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Add plan' }));
    await waitFor(() => expect(toasts).toContain('The plan Weekly for half a year was added.'));
    expect(writes().map((r) => [r.method, r.url, r.body])).toEqual([
      [
        'POST',
        PLANS,
        {
          name: 'Weekly for half a year',
          depositBp: 1_250,
          instalments: 26,
          frequency: 'weekly',
          markupBp: 3_000,
          active: true,
        },
      ],
    ]);
    expect(await part.findByRole('article', { name: 'Weekly for half a year' })).toBeTruthy();
    expect(part.queryByRole('form')).toBeNull();
  });

  it('changes a plan, and shows the server’s refusal in the form', async () => {
    const part = renderPlans();
    fireEvent.click(await part.findByRole('button', { name: 'Edit the plan Pay monthly for a year' }));
    const form = within(part.getByRole('form', { name: 'Change the plan' }));
    expect((form.getByLabelText('Deposit (%)') as HTMLInputElement).value).toBe('25');
    expect((form.getByLabelText('Number of instalments') as HTMLInputElement).value).toBe('12');
    fireEvent.change(form.getByLabelText('Markup (%)'), { target: { value: '15.5' } });
    fireEvent.click(form.getByLabelText('Offer this plan to customers'));

    refusal = { status: 409, body: { error: { code: 'conflict', message: 'Another admin changed this plan.' } } };
    fireEvent.click(form.getByRole('button', { name: 'Save plan' }));
    expect((await form.findByRole('alert')).textContent).toBe('Another admin changed this plan.');

    refusal = null;
    fireEvent.click(form.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(toasts).toContain('The plan Pay monthly for a year was saved.'));
    expect(writes().map((r) => [r.method, r.url, r.body])).toEqual(
      Array(2).fill([
        'PATCH',
        `/api/admin/loan-plans/${PLAN_ID}`,
        {
          name: 'Pay monthly for a year',
          depositBp: 2_500,
          instalments: 12,
          frequency: 'monthly',
          markupBp: 1_550,
          active: false,
        },
      ]),
    );
    const card = await part.findByRole('article', { name: 'Pay monthly for a year' });
    expect(card.textContent).toContain('Not offered');
    expect(card.textContent).toContain('Markup15.5%');
  });

  it('says plainly that a product not sold on credit has no plans, and does not ask for them', async () => {
    detail = aDetail(aProduct({ loanEligible: false }));
    renderProductPage();
    const part = await plansPart();
    expect(part.getByText(/This product is not sold on credit, so loan plans do not apply to it/)).toBeTruthy();
    expect(part.queryByRole('button', { name: 'Add a plan' })).toBeNull();
    expect(server.seen.some((r) => r.url === PLANS)).toBe(false);
  });
});
