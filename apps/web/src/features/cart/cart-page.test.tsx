// @vitest-environment jsdom
import { CART_MESSAGES, MAX_LINE_QUANTITY, type CartLine } from '@ecogrid/core/orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import cartStrings from '@/locales/en.cart.json';
import { MAX_QUANTITY } from './api.ts';
import CartPage from './cart-page.tsx';
import { aCart, aLine, fakeServer, renderAt } from './test-setup.tsx';

const toasts = vi.hoisted(() => [] as { title: string; description?: string | undefined; kind?: string | undefined }[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string, options: { description?: string; kind?: string } = {}) => {
    toasts.push({ title, ...options });
  },
}));

const lantern = aLine({ quantity: 2 });
const tvKit = aLine({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  productId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'Solar TV kit 24"',
  price: 1_450_000,
  paymentMode: 'loan',
});

let lines: CartLine[];
let refusal: { status: number; body: unknown } | null;
let kycStatus: string;
const server = fakeServer(({ url, method, body }) => {
  if (refusal && method !== 'GET') return refusal;
  if (url === '/api/kyc') return { body: { status: kycStatus } };
  if (url === '/api/cart' && method === 'GET') return { body: aCart(lines) };
  if (url === '/api/cart' && method === 'DELETE') {
    lines = [];
    return { body: aCart(lines) };
  }
  const id = url.replace('/api/cart/items/', '');
  if (method === 'PATCH') {
    const quantity = (body as { quantity: number }).quantity;
    lines = lines.flatMap((line) =>
      line.id !== id ? [line] : quantity <= 0 ? [] : [{ ...line, quantity, lineTotal: line.product.price * quantity }],
    );
    return { body: aCart(lines) };
  }
  if (method === 'DELETE') {
    lines = lines.filter((line) => line.id !== id);
    return { body: aCart(lines) };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  lines = [lantern, tvKit];
  refusal = null;
  kycStatus = 'pending';
  toasts.length = 0;
  server.start();
});

const section = async (name: string) => within((await screen.findByRole('heading', { name })).closest('section')!);
const requests = (method: string) => server.seen.filter((r) => r.method === method);

describe('the cart', () => {
  it('shows cash and credit lines apart, with their totals, and one checkout for both', async () => {
    renderAt(<CartPage />, '/cart');
    const cash = await section('Pay now');
    expect(cash.getByRole('link', { name: 'SunKing Pro 400 lantern' }).getAttribute('href')).toBe(
      `/product/${lantern.productId}`,
    );
    expect(cash.getByText('UGX 85,000 each')).toBeTruthy();
    expect(cash.getByTestId('cash-total').textContent).toBe('UGX 170,000');
    const credit = await section('Buy on credit (pay-as-you-go)');
    expect(credit.getByText('Solar TV kit 24"')).toBeTruthy();
    expect(credit.getByTestId('credit-total').textContent).toBe('UGX 1,450,000');
    expect(
      (
        await credit.findByRole('link', { name: 'Credit needs a verified identity: you can verify yours now.' })
      ).getAttribute('href'),
    ).toBe('/kyc?next=/cart');
    expect(credit.getByRole('note').textContent).toBe(
      'At checkout you choose a plan for each of these and see its deposit, instalments and full cost before you accept. Credit needs a verified identity: you can verify yours now.',
    );
    expect(screen.getAllByRole('link', { name: 'Checkout' }).map((link) => link.getAttribute('href'))).toEqual([
      '/checkout',
    ]);
    expect(screen.getByText('3 items in your cart')).toBeTruthy();
  });

  it.each([
    ['verified', 'Your identity is verified, so you can buy these on credit.'],
    ['submitted', 'Your identity check is being reviewed: credit can go ahead once it is verified.'],
  ])('does not ask a customer whose identity check is %s to verify', async (status, text) => {
    kycStatus = status;
    renderAt(<CartPage />, '/cart');
    const credit = await section('Buy on credit (pay-as-you-go)');
    expect(await credit.findByText(text, { exact: false })).toBeTruthy();
    expect(credit.queryByRole('link', { name: /verify yours now/ })).toBeNull();
  });

  it('changes a quantity with + and with the number box', async () => {
    renderAt(<CartPage />, '/cart');
    const cash = await section('Pay now');
    fireEvent.click(cash.getByRole('button', { name: 'One more SunKing Pro 400 lantern' }));
    await waitFor(() => expect(cash.getByTestId('cash-total').textContent).toBe('UGX 255,000'));
    expect(requests('PATCH').map((r) => r.body)).toEqual([{ quantity: 3 }]);
    const box = cash.getByLabelText('Quantity of SunKing Pro 400 lantern') as HTMLInputElement;
    expect(box.value).toBe('3');
    fireEvent.change(box, { target: { value: '5' } });
    fireEvent.blur(box);
    await waitFor(() => expect(cash.getByTestId('cash-total').textContent).toBe('UGX 425,000'));
    expect(requests('PATCH').map((r) => r.body)).toEqual([{ quantity: 3 }, { quantity: 5 }]);
    expect(toasts).toEqual([]);
  });

  it('does not send more than a line may hold: the box goes back and says the most, in words', async () => {
    renderAt(<CartPage />, '/cart');
    const cash = await section('Pay now');
    const box = cash.getByLabelText('Quantity of SunKing Pro 400 lantern') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '999' } });
    fireEvent.blur(box);
    // The lantern has 12 in stock: the most this line may hold.
    expect(box.value).toBe('2');
    expect(cash.getByText('You can buy at most 12 of this product.')).toBeTruthy();
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(requests('PATCH')).toEqual([]);
  });

  it('puts the box back to the quantity in the cart when the server refuses one', async () => {
    refusal = { status: 400, body: { error: { code: 'validation_error', message: 'quantity: At most 50' } } };
    renderAt(<CartPage />, '/cart');
    const cash = await section('Pay now');
    const box = cash.getByLabelText('Quantity of SunKing Pro 400 lantern') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '7' } });
    fireEvent.blur(box);
    await waitFor(() => expect(toasts).toEqual([{ title: 'Failed to update cart', kind: 'error' }]));
    await waitFor(() =>
      expect((cash.getByLabelText('Quantity of SunKing Pro 400 lantern') as HTMLInputElement).value).toBe('2'),
    );
    expect(screen.queryByText(/At most 50/)).toBeNull();
  });

  it('removes the line when its quantity is set to 0, with the spec’s toast', async () => {
    renderAt(<CartPage />, '/cart');
    const cash = await section('Pay now');
    const box = cash.getByLabelText('Quantity of SunKing Pro 400 lantern');
    fireEvent.change(box, { target: { value: '0' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Pay now' })).toBeNull());
    expect(requests('PATCH').map((r) => r.body)).toEqual([{ quantity: 0 }]);
    expect(toasts).toEqual([{ title: 'Product removed from cart', kind: 'success' }]);
    expect(screen.getByText('1 item in your cart')).toBeTruthy();
  });

  it('takes the last one away with −, and removes a line with Remove', async () => {
    lines = [aLine({ quantity: 1 }), tvKit];
    renderAt(<CartPage />, '/cart');
    const cash = await section('Pay now');
    fireEvent.click(cash.getByRole('button', { name: 'One fewer SunKing Pro 400 lantern' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Pay now' })).toBeNull());
    expect(requests('PATCH').map((r) => r.body)).toEqual([{ quantity: 0 }]);

    const credit = await section('Buy on credit (pay-as-you-go)');
    fireEvent.click(credit.getByRole('button', { name: 'Remove Solar TV kit 24" from the cart' }));
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(requests('DELETE').map((r) => r.url)).toEqual([`/api/cart/items/${tvKit.id}`]);
    expect(toasts.map((t) => t.title)).toEqual(['Product removed from cart', 'Product removed from cart']);
    expect(screen.getByRole('link', { name: 'Browse the marketplace' }).getAttribute('href')).toBe('/marketplace');
  });

  it("says 'Failed to update cart' with the server's reason, and keeps the quantity", async () => {
    renderAt(<CartPage />, '/cart');
    const cash = await section('Pay now');
    refusal = {
      status: 422,
      body: { error: { code: 'out_of_stock', message: 'Only 2 of SunKing Pro 400 lantern left in stock.' } },
    };
    fireEvent.click(cash.getByRole('button', { name: 'One more SunKing Pro 400 lantern' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        {
          title: 'Failed to update cart',
          kind: 'error',
          description: 'Only 2 of SunKing Pro 400 lantern left in stock.',
        },
      ]),
    );
    expect((cash.getByLabelText('Quantity of SunKing Pro 400 lantern') as HTMLInputElement).value).toBe('2');
    expect(requests('PATCH')).toHaveLength(1);
  });

  it("says 'Failed to remove product' when removing fails", async () => {
    renderAt(<CartPage />, '/cart');
    const cash = await section('Pay now');
    refusal = { status: 404, body: { error: { code: 'not_found', message: 'No such line in your cart.' } } };
    fireEvent.click(cash.getByRole('button', { name: 'Remove SunKing Pro 400 lantern from the cart' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        { title: 'Failed to remove product', kind: 'error', description: 'No such line in your cart.' },
      ]),
    );
  });

  it('empties the cart only after confirmation, and says so when it fails', async () => {
    renderAt(<CartPage />, '/cart');
    fireEvent.click(await screen.findByRole('button', { name: 'Empty the cart' }));
    const question = screen.getByText('Remove all 3 items from your cart?');
    expect(document.activeElement).toBe(question);
    fireEvent.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(requests('DELETE')).toEqual([]);

    refusal = { status: 503, body: { error: { code: 'unavailable', message: 'EcoGrid is busy. Try again.' } } };
    fireEvent.click(screen.getByRole('button', { name: 'Empty the cart' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Empty the cart' }).at(-1)!);
    await waitFor(() => expect(toasts.map((t) => t.title)).toEqual(['Failed to clear cart']));
    expect(toasts[0]?.description).toBe('EcoGrid is busy. Try again.');

    refusal = null;
    fireEvent.click(screen.getAllByRole('button', { name: 'Empty the cart' }).at(-1)!);
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(requests('DELETE').every((r) => r.url === '/api/cart')).toBe(true);
  });

  it("shows each line's problem and closes checkout, saying why", async () => {
    lines = [
      aLine({ quantity: 4, problem: 'Only 3 of SunKing Pro 400 lantern left in stock.' }),
      aLine({ id: 'b1', productId: 'p2', name: 'Jiko cookstove', price: 60_000 }),
    ];
    renderAt(<CartPage />, '/cart');
    const cash = await section('Pay now');
    const problem = cash.getByText('Only 3 of SunKing Pro 400 lantern left in stock.');
    const item = problem.closest('li')!;
    expect(item.getAttribute('aria-describedby')).toBe(problem.id);
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
    const checkout = screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    expect(document.getElementById(checkout.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Checkout is closed until the problems marked above are fixed/,
    );
  });

  it('opens checkout when only credit lines are in the cart', async () => {
    lines = [tvKit];
    renderAt(<CartPage />, '/cart');
    fireEvent.click(await screen.findByRole('link', { name: 'Checkout' }));
    expect(await screen.findByText('Checkout page')).toBeTruthy();
  });

  it("uses the spec's toast words and core's quantity limit", () => {
    expect(cartStrings.cart.toast).toEqual(CART_MESSAGES);
    expect(MAX_QUANTITY).toBe(MAX_LINE_QUANTITY);
  });
});
