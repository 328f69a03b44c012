import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { errorOf as errorWith, fakeServer } from '@/test/admin-setup.tsx';
import type { ProductDetail } from './api.ts';
import { aDetail, aMovement, aProduct, CATEGORIES, PRODUCT_ID } from './catalogue-fixtures.ts';
import ProductEditPage from './product-edit-page.tsx';

const NEW_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1a2b3c4d5e6f';
export const BASE = `/api/admin/catalog/products/${PRODUCT_ID}`;

type Reply = { status?: number; body: unknown };

/**
 * The product edit page against a fake server that keeps the product as the writes change it.
 * `page.detail` is the product the server holds; `page.replies` are answers for the next writes,
 * first in first out (a write with none left succeeds). Both are reset before each test.
 */
/** The main warehouse and one shop, where adjustments may add or remove units. */
export const SHOP_LOCATION = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const place = { district: null, agentId: null, active: true, units: 0 };
const STOCK_LOCATIONS = [
  {
    ...place,
    id: '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d2e',
    kind: 'warehouse',
    name: 'Main warehouse',
    pickupPointId: null,
    isMain: true,
  },
  { ...place, id: SHOP_LOCATION, kind: 'shop', name: 'Mbale shop', pickupPointId: SHOP_LOCATION, isMain: false },
];

export function productEditPage() {
  const page: { detail: ProductDetail; replies: Reply[] } = { detail: aDetail(), replies: [] };
  const server = fakeServer(({ url, method, body }) => {
    if (url === '/api/admin/catalog/categories') return { body: { items: CATEGORIES } };
    if (method === 'GET' && url === BASE) return { body: page.detail };
    if (method === 'GET' && url === `/api/admin/catalog/products/${NEW_ID}`) {
      return { body: aDetail(aProduct({ id: NEW_ID, name: 'Solar Fan 12V', images: [] })) };
    }
    if (method === 'GET' && url.startsWith(`${BASE}/stock-movements`)) return { body: page.detail.movements };
    if (method === 'GET' && url === `/api/admin/products/${PRODUCT_ID}/loan-plans`) return { body: { plans: [] } };
    if (method === 'GET' && url === '/api/admin/stock/locations') return { body: STOCK_LOCATIONS };
    const planned = page.replies.shift();
    if (planned) return planned;
    if (method === 'POST' && url === '/api/admin/catalog/products') {
      return { status: 201, body: aProduct({ ...(body as object), id: NEW_ID }) };
    }
    if (method === 'PATCH' && url === BASE) {
      page.detail = {
        ...page.detail,
        product: { ...page.detail.product, ...(body as object), updatedAt: '2026-03-02T08:00:00.000Z' },
      };
      return { body: page.detail.product };
    }
    if (method === 'POST' && url === `${BASE}/deactivate`) {
      page.detail = { ...page.detail, product: { ...page.detail.product, active: false } };
      return { body: page.detail.product };
    }
    if (method === 'POST' && url === `${BASE}/stock-adjustments`) {
      const { change, reason } = body as { change: number; reason: string };
      const stock = page.detail.product.stock + change;
      page.detail = {
        ...page.detail,
        product: { ...page.detail.product, stock },
        movements: {
          items: [aMovement({ id: 2, change, stockAfter: stock, reason }), ...page.detail.movements.items],
          nextCursor: null,
        },
      };
      return { body: { product: page.detail.product, movementId: 2 } };
    }
    if (url.startsWith(`${BASE}/images`)) {
      const images = page.detail.product.images;
      const next =
        method === 'DELETE'
          ? images.filter((image) => image !== new URL(url, 'http://x').searchParams.get('url'))
          : [(body as { url: string }).url, ...images.filter((image) => image !== (body as { url: string }).url)];
      page.detail = { ...page.detail, product: { ...page.detail.product, images: next } };
      return { body: page.detail.product };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } };
  });

  beforeEach(() => {
    page.detail = aDetail();
    page.replies = [];
    server.start();
  });

  function renderAt(path: string) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/admin/products/new" element={<ProductEditPage />} />
              <Route path="/admin/products/:id" element={<ProductEditPage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  }

  const part = (name: string) => within(screen.getByRole('heading', { name, level: 2 }).closest('section')!);
  const writes = () => server.seen.filter((r) => r.method !== 'GET');
  const type = (label: string | RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const errorOf = (label: string | RegExp) => errorWith(screen.getByLabelText(label));

  return { page, server, renderAt, part, writes, type, errorOf };
}
