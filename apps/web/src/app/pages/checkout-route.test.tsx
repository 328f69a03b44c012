// @vitest-environment jsdom
import { quoteLoan } from '@ecogrid/core/credit';
import type { CartLine } from '@ecogrid/core/orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aMonthlyPlan,
  aPayment,
  aPlan,
  aSummary,
  fakeServer,
  PRODUCT_ID,
  renderLoans,
} from '@/features/loans/test-setup.tsx';
import { aCart, aCartLine, anOrder, aWallet } from '@/features/orders/test-setup.tsx';
import type { Reply } from '@/test/fake-server.ts';
import { formatUgx } from '@/lib/money.ts';
import { errorOf } from '@/test/admin-setup.tsx';
import { expectAccessible } from '@/test/axe.ts';
import CheckoutRoute from './checkout-route.tsx';

const PICKUP = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  name: 'EcoGrid Mukono shop',
  district: 'Mukono',
  address: 'Plot 12, Kampala-Jinja Road',
  phone: '+256414123456',
};
const CREDIT_LINE_ID = '6c7d8e9f-0a1b-4c2d-9e3f-4a5b6c7d8e9f';
const creditLine = aCartLine({
  id: CREDIT_LINE_ID,
  productId: PRODUCT_ID,
  quantity: 1,
  paymentMode: 'loan',
  product: { name: 'SunKing Home 60 kit', price: 600_000, imageUrl: null, stock: 8, active: true, loanEligible: true },
  lineTotal: 600_000,
});

let lines: CartLine[];
let kycStatus: string;
let orderReply: Reply;
let applyReply: Reply;
let offer: { eligible: boolean; depositBp: number | null };
const server = fakeServer(({ url, method }) => {
  if (url === '/api/cart') return { body: aCart(lines) };
  if (url === '/api/checkout/options')
    return { body: { deliveryFee: { flatFee: 5_000, freeFrom: 300_000 }, pickupPoints: [PICKUP] } };
  if (url === '/api/wallet') return { body: aWallet() };
  if (url === '/api/kyc') return { body: { status: kycStatus } };
  if (url === `/api/products/${PRODUCT_ID}/loan-plans`) return { body: { plans: [aPlan(), aMonthlyPlan()] } };
  if (url.startsWith('/api/places/')) return { body: { items: [] } };
  if (url === '/api/orders' && method === 'POST') return orderReply;
  if (url === '/api/loans/applications' && method === 'POST') return applyReply;
  if (url === '/api/loans/follow-on-offer') return { body: offer };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  lines = [aCartLine(), creditLine];
  kycStatus = 'verified';
  offer = { eligible: false, depositBp: null };
  orderReply = { status: 201, body: { order: anOrder(), payment: null } };
  applyReply = {
    status: 201,
    body: { loans: [aSummary({ status: 'active' })], payments: [aPayment({ amount: 180_000 })] },
  };
  sessionStorage.clear();
  localStorage.clear();
  server.start();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T07:00:00.000Z'));
});

const posts = () => server.seen.filter((r) => r.method === 'POST');
const renderCheckout = () => renderLoans('/checkout', [{ path: '/checkout', page: <CheckoutRoute /> }]);

async function pickUp() {
  fireEvent.click(await screen.findByLabelText('Pick up at a shop'));
  fireEvent.click(screen.getByLabelText(/^EcoGrid Mukono shop/));
}

describe('checkout with credit lines', () => {
  it('sends the credit application with the order’s pickup and payment, after the cash order, and opens the loan tracker', async () => {
    renderCheckout();
    const item = within((await screen.findByText('1 × SunKing Home 60 kit', { selector: 'h3' })).closest('li')!);
    // Two plans: none is chosen for the customer.
    expect(item.queryByText('Credit price')).toBeNull();
    fireEvent.click(item.getByLabelText(/^Weekly, 12 weeks/));
    expect(item.getByText('Credit price').nextElementSibling?.textContent).toBe('UGX 720,000');
    expect(item.getByText('Total cost of credit').nextElementSibling?.textContent).toBe('UGX 120,000');
    expect(item.getByText('Your deposit gives 7 days of power, up to the first instalment.')).toBeTruthy();
    expect(item.getByText('See all 12 payment dates')).toBeTruthy();
    expect(screen.getByTestId('due-now').textContent).toBe('UGX 355,000');
    await pickUp();
    const submit = screen.getByText('Place order and apply for credit · UGX 350,000 due now', { selector: 'button' });

    // The terms must be accepted first.
    fireEvent.click(submit);
    const accept = screen.getByLabelText('I accept these credit terms');
    expect(document.activeElement).toBe(accept);
    expect(accept.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Read the credit terms and tick the box to accept them')).toBeTruthy();
    expect(posts()).toEqual([]);

    fireEvent.click(accept);
    fireEvent.click(submit);
    expect(await screen.findByText('Your credit application is sent.')).toBeTruthy();
    const [order, application] = posts();
    expect(order?.url).toBe('/api/orders');
    expect(order?.body).toEqual({ fulfilment: 'pickup', pickupPointId: PICKUP.id, payment: { method: 'wallet' } });
    expect(application?.url).toBe('/api/loans/applications');
    expect(application?.body).toEqual({
      fulfilment: 'pickup',
      pickupPointId: PICKUP.id,
      payment: { method: 'wallet' },
      plans: [{ cartItemId: CREDIT_LINE_ID, planId: aPlan().id }],
      acceptTerms: true,
    });
    expect(application?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(application?.idempotencyKey).not.toBe(order?.idempotencyKey);
    expect(screen.getByText(/Your order ORD-100001 is placed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View order ORD-100001' }).getAttribute('href')).toBe(
      `/my-orders/${anOrder().id}`,
    );
  });

  it('applies for credit alone by mobile money, starting from the plan chosen on the product page', async () => {
    lines = [creditLine];
    localStorage.setItem(`ecogrid-loan-plan:${PRODUCT_ID}`, aMonthlyPlan().id);
    applyReply = {
      status: 201,
      body: { loans: [aSummary({ status: 'approved' })], payments: [aPayment({ status: 'pending', method: 'mtn' })] },
    };
    renderCheckout();
    const monthly = (await screen.findByLabelText(/^Monthly, 7 months/)) as HTMLInputElement;
    expect(monthly.checked).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Your order' })).toBeNull();
    expect(screen.getByTestId('due-now').textContent).toBe('UGX 69,000');
    await pickUp();
    fireEvent.click(screen.getByLabelText(/^Mobile money/));
    fireEvent.click(screen.getByLabelText('I accept these credit terms'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply for credit · UGX 69,000 due now' }));
    expect(
      await screen.findByText('Approve the deposit payment on your phone: the loan starts once it is paid.'),
    ).toBeTruthy();
    expect(posts().map((r) => [r.url, r.body])).toEqual([
      [
        '/api/loans/applications',
        {
          fulfilment: 'pickup',
          pickupPointId: PICKUP.id,
          payment: { method: 'mobile_money', phone: '+256772123456', network: 'mtn' },
          plans: [{ cartItemId: CREDIT_LINE_ID, planId: aMonthlyPlan().id }],
          acceptTerms: true,
        },
      ],
    ]);
  });

  it('sends the monthly income the customer declares, and refuses one that is not whole shillings', async () => {
    lines = [creditLine];
    renderCheckout();
    fireEvent.click(await screen.findByLabelText(/^Weekly, 12 weeks/));
    await pickUp();
    fireEvent.click(screen.getByLabelText('I accept these credit terms'));
    const income = screen.getByLabelText('Your monthly income, in UGX (optional)');
    fireEvent.change(income, { target: { value: '250k' } });
    fireEvent.click(screen.getByRole('button', { name: /^Apply for credit/ }));
    const refusal = 'Enter your monthly income as a whole number of shillings, like 300000, or leave it empty.';
    expect(errorOf(income)).toBe(refusal);
    expect(document.activeElement).toBe(income);
    expect(posts()).toEqual([]);
    await expectAccessible(document.body);

    fireEvent.change(income, { target: { value: '450,000' } });
    expect(errorOf(income)).toBeUndefined();
    // The policy decides: every deposit is shown as the most due now.
    expect(screen.getByText(/^At most: the credit policy decides each loan when you apply/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Apply for credit/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ declaredIncome: 450_000 });
  }, 30_000);

  it('shows a customer who paid off on time their lower deposit on every plan, and counts it', async () => {
    offer = { eligible: true, depositBp: 1_000 };
    lines = [{ ...creditLine, quantity: 2, lineTotal: 1_200_000 }];
    renderCheckout();
    expect(await screen.findByText('You paid off your loans on time. Your lower deposit: 10 %')).toBeTruthy();
    fireEvent.click(await screen.findByLabelText(/^Weekly, 12 weeks/));
    const deposit = quoteLoan(600_000, { ...aPlan(), depositBp: 1_000 }).deposit;
    expect(deposit).toBeLessThan(quoteLoan(600_000, aPlan()).deposit);
    expect(screen.getByTestId('due-now').textContent).toBe(formatUgx(2 * deposit));
  });

  it('keeps the credit lines of an unverified customer in the cart, with the way to the identity check and back', async () => {
    kycStatus = 'submitted';
    renderCheckout();
    const notice = await screen.findByText('Buying on credit needs a verified identity check');
    const box = within(notice.parentElement!);
    expect(box.getByText(/the items you pay for now can go ahead/)).toBeTruthy();
    expect(box.getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe('/kyc?next=/checkout');
    expect(screen.queryByLabelText('I accept these credit terms')).toBeNull();
    await pickUp();
    fireEvent.click(screen.getByRole('button', { name: 'Place order · UGX 170,000' }));
    expect(await screen.findByText(`Order page at /my-orders/${anOrder().id}`)).toBeTruthy();
    expect(posts().map((r) => r.url)).toEqual(['/api/orders']);
  });

  it('sends an unverified customer with only credit lines to the identity check', async () => {
    kycStatus = 'pending';
    lines = [creditLine];
    renderCheckout();
    const link = await screen.findByRole('link', { name: 'Verify your identity' });
    const submit = screen.getByRole('button', { name: /^Place order/ }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-describedby')).toBe('credit-kyc');
    fireEvent.click(link);
    expect(await screen.findByText('Identity check page at /kyc?next=/checkout')).toBeTruthy();
  });

  it('goes to the identity check when the server says it is needed', async () => {
    lines = [creditLine];
    applyReply = {
      status: 403,
      body: { error: { code: 'kyc_required', message: 'Buying on credit needs a verified identity check.' } },
    };
    renderCheckout();
    fireEvent.click(await screen.findByLabelText(/^Weekly, 12 weeks/));
    await pickUp();
    fireEvent.click(screen.getByLabelText('I accept these credit terms'));
    fireEvent.click(screen.getByRole('button', { name: /^Apply for credit/ }));
    expect(await screen.findByText('Identity check page at /kyc?next=/checkout')).toBeTruthy();
  });

  it('shows a refusal as the server words it, and asks for a plan for each line', async () => {
    lines = [creditLine];
    applyReply = {
      status: 422,
      body: {
        error: {
          code: 'plan_not_allowed',
          message: 'Choose one of the plans offered for each product you buy on credit.',
        },
      },
    };
    renderCheckout();
    const accept = await screen.findByLabelText('I accept these credit terms');
    await pickUp();
    fireEvent.click(accept);
    fireEvent.click(screen.getByRole('button', { name: /^Apply for credit/ }));
    expect(screen.getByText('Choose a plan for SunKing Home 60 kit')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Weekly, 12 weeks/));
    expect(posts()).toEqual([]);

    fireEvent.click(screen.getByLabelText(/^Weekly, 12 weeks/));
    fireEvent.click(screen.getByRole('button', { name: /^Apply for credit/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose one of the plans offered for each product you buy on credit.',
    );
    await waitFor(() => expect(posts()).toHaveLength(1));
  });
});
