// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aProduct, CATEGORIES, PRODUCT_ID } from './catalogue-fixtures.ts';
import ProductsPage from './products-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';

const fridge = aProduct({
  id: 'f1',
  name: 'Solar Fridge 50L',
  sku: 'FRG-50',
  category: 'fridges',
  price: 2_350_000,
  stock: 0,
  active: false,
  loanEligible: false,
  images: [],
});

const server = fakeServer(({ url }) => {
  if (url === '/api/admin/catalog/categories') return { body: { items: CATEGORIES } };
  if (!url.startsWith('/api/admin/catalog/products')) return { status: 404, body: {} };
  return url.includes('cursor=c2')
    ? { body: { items: [fridge], nextCursor: null } }
    : { body: { items: [aProduct({ stock: 3 })], nextCursor: 'c2' } };
});

beforeEach(() => server.start());

describe('the admin products list', () => {
  it('shows each product with its picture, SKU, category, price, stock and state, and loads more', async () => {
    renderPage(ProductsPage, '/admin/products');
    const card = (await screen.findByRole('article', { name: 'Sun King Pico Plus' })) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Sun King Pico Plus' }).getAttribute('href')).toBe(
      `/admin/products/${PRODUCT_ID}`,
    );
    // Cards use the small version of an uploaded picture.
    expect(card.querySelector('img')?.getAttribute('src')).toBe(
      '/media/products/0123456789abcdef0123456789abcdef-400.webp',
    );
    expect(card.textContent).toContain('LAN-SKP-01 · Solar lanterns');
    expect(card.textContent).toContain('UGX 45,000');
    expect(card.textContent).toContain('Low: 3 left');
    expect(card.textContent).toContain('On sale');
    expect(screen.getByText('Showing 1 product')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New product' }).getAttribute('href')).toBe('/admin/products/new');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const second = (await screen.findByRole('article', { name: 'Solar Fridge 50L' })) as HTMLElement;
    expect(second.textContent).toContain('UGX 2,350,000');
    expect(second.textContent).toContain('Out of stock');
    expect(second.textContent).toContain('Off sale');
    expect(second.textContent).toContain('FRG-50 · Fridges');
    expect(server.seen.map((r) => r.url)).toContain('/api/admin/catalog/products?limit=25&cursor=c2');
  });

  it('filters by category (deactivated ones marked) and state, and searches once typing stops', async () => {
    renderPage(ProductsPage, '/admin/products');
    await screen.findByRole('article', { name: 'Sun King Pico Plus' });
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    await waitFor(() => expect(category.options).toHaveLength(4));
    expect([...category.options].map((o) => o.text)).toEqual([
      'All categories',
      'Solar lanterns',
      'Fridges',
      'Old shelf (deactivated)',
    ]);
    fireEvent.change(category, { target: { value: 'fridges' } });
    fireEvent.change(screen.getByLabelText('On sale'), { target: { value: 'false' } });
    await waitFor(() =>
      expect(server.seen.map((r) => r.url)).toContain(
        '/api/admin/catalog/products?category=fridges&active=false&limit=25',
      ),
    );
    const before = server.seen.length;
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'frg' } });
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'frg-50' } });
    expect(server.seen.length).toBe(before);
    await waitFor(() =>
      expect(server.seen.map((r) => r.url)).toContain(
        '/api/admin/catalog/products?q=frg-50&category=fridges&active=false&limit=25',
      ),
    );
  });
});
