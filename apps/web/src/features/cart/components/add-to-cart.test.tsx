// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aCart, aLine, fakeServer, renderAt } from '../test-setup.tsx';
import { AddToCart } from './add-to-cart.tsx';

const toasts = vi.hoisted(() => [] as { title: string; description?: string | undefined; kind?: string | undefined }[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string, options: { description?: string; kind?: string } = {}) => {
    toasts.push({ title, ...options });
  },
}));

const product = { id: '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b', stock: 12, loanEligible: true };
let reply: { status: number; body: unknown };
const server = fakeServer(({ url, method }) =>
  url === '/api/cart/items' && method === 'POST' ? reply : { status: 404, body: {} },
);

beforeEach(() => {
  reply = { status: 201, body: aCart([aLine()]) };
  toasts.length = 0;
  server.start();
});

const posts = () => server.seen.filter((r) => r.method === 'POST');

describe('Add to cart', () => {
  it("adds a cash line, says 'Product added to cart', puts the cart in the cache and links to it", async () => {
    const client = renderAt(<AddToCart product={{ ...product, loanEligible: false }} />, '/product/x');
    expect(screen.queryByRole('button', { name: 'Buy on credit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to your cart.')).toBeTruthy();
    expect(posts().map((r) => r.body)).toEqual([{ productId: product.id, paymentMode: 'cash' }]);
    expect(toasts).toEqual([{ title: 'Product added to cart', kind: 'success' }]);
    expect(client.getQueryData(['cart'])).toEqual(reply.body);
    expect(screen.getByRole('status').textContent).toBe('Added to your cart. View cart');
    fireEvent.click(screen.getByRole('link', { name: 'View cart' }));
    expect(await screen.findByText('Cart page')).toBeTruthy();
  });

  it('offers Buy on credit for a pay-as-you-go product, adding a loan line', async () => {
    renderAt(<AddToCart product={product} />, '/product/x');
    const credit = screen.getByRole('button', { name: 'Buy on credit' });
    expect(credit.getAttribute('aria-describedby')).toBe('buy-on-credit-hint');
    fireEvent.click(credit);
    expect(await screen.findByText('Added to your cart, to buy on credit.')).toBeTruthy();
    expect(posts().map((r) => r.body)).toEqual([{ productId: product.id, paymentMode: 'loan' }]);
  });

  it("says 'Failed to add product to cart' with the server's reason, and tries only once", async () => {
    reply = {
      status: 422,
      body: { error: { code: 'product_unavailable', message: 'This product is no longer sold.' } },
    };
    renderAt(<AddToCart product={product} />, '/product/x');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        { title: 'Failed to add product to cart', kind: 'error', description: 'This product is no longer sold.' },
      ]),
    );
    expect(posts()).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('asks a signed-out visitor to sign in instead of adding', () => {
    const signIn = vi.fn();
    renderAt(<AddToCart product={product} onSignIn={signIn} />, '/product/x');
    fireEvent.click(screen.getByRole('button', { name: 'Buy on credit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(signIn).toHaveBeenCalledTimes(2);
    expect(posts()).toEqual([]);
  });

  it('cannot add a product that is out of stock', () => {
    renderAt(<AddToCart product={{ ...product, stock: 0 }} />, '/product/x');
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Buy on credit' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
