// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import type { ProductDetail } from './api.ts';
import { aDetail, aMovement, aProduct, CATEGORIES, PRODUCT_ID, UPLOADED } from './catalogue-fixtures.ts';
import ProductEditPage from './product-edit-page.tsx';
import { errorOf as errorWith, fakeServer } from '@/test/admin-setup.tsx';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

const NEW_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1a2b3c4d5e6f';
const BASE = `/api/admin/catalog/products/${PRODUCT_ID}`;

type Reply = { status?: number; body: unknown };
let detail: ProductDetail;
/** Answers for the next writes, first in first out; a write with none left succeeds. */
let replies: Reply[];
const server = fakeServer(({ url, method, body }) => {
  if (url === '/api/admin/catalog/categories') return { body: { items: CATEGORIES } };
  if (method === 'GET' && url === BASE) return { body: detail };
  if (method === 'GET' && url === `/api/admin/catalog/products/${NEW_ID}`) {
    return { body: aDetail(aProduct({ id: NEW_ID, name: 'Solar Fan 12V', images: [] })) };
  }
  if (method === 'GET' && url.startsWith(`${BASE}/stock-movements`)) return { body: detail.movements };
  if (method === 'GET' && url === `/api/admin/products/${PRODUCT_ID}/loan-plans`) return { body: { plans: [] } };
  const planned = replies.shift();
  if (planned) return planned;
  if (method === 'POST' && url === '/api/admin/catalog/products') {
    return { status: 201, body: aProduct({ ...(body as object), id: NEW_ID }) };
  }
  if (method === 'PATCH' && url === BASE) {
    detail = { ...detail, product: { ...detail.product, ...(body as object), updatedAt: '2026-03-02T08:00:00.000Z' } };
    return { body: detail.product };
  }
  if (method === 'POST' && url === `${BASE}/deactivate`) {
    detail = { ...detail, product: { ...detail.product, active: false } };
    return { body: detail.product };
  }
  if (method === 'POST' && url === `${BASE}/stock-adjustments`) {
    const { change, reason } = body as { change: number; reason: string };
    const stock = detail.product.stock + change;
    detail = {
      ...detail,
      product: { ...detail.product, stock },
      movements: {
        items: [aMovement({ id: 2, change, stockAfter: stock, reason }), ...detail.movements.items],
        nextCursor: null,
      },
    };
    return { body: { product: detail.product, movementId: 2 } };
  }
  if (url.startsWith(`${BASE}/images`)) {
    const images = detail.product.images;
    const next =
      method === 'DELETE'
        ? images.filter((image) => image !== new URL(url, 'http://x').searchParams.get('url'))
        : [(body as { url: string }).url, ...images.filter((image) => image !== (body as { url: string }).url)];
    detail = { ...detail, product: { ...detail.product, images: next } };
    return { body: detail.product };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } };
});

beforeEach(() => {
  detail = aDetail();
  replies = [];
  toasts.length = 0;
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

describe('a new product', () => {
  it('is checked as the server checks it, shows the server’s refusal beside its field, then opens', async () => {
    renderAt('/admin/products/new');
    expect(await screen.findByRole('heading', { name: 'New product', level: 1 })).toBeTruthy();
    const options = [...((await screen.findByLabelText('Category')) as HTMLSelectElement).options];
    expect(options.map((o) => [o.text, o.disabled])).toEqual([
      ['Choose a category', false],
      ['Solar lanterns', false],
      ['Fridges', false],
      ['Old shelf (deactivated)', true],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(screen.getByRole('alert').textContent).toBe('Check the 6 fields marked below.');
    expect(errorOf('Price (UGX, VAT included)')).toBe(
      'Enter the price in whole shillings, from UGX 1 to UGX 100,000,000.',
    );
    expect(errorOf('Category')).toBe('Choose a category.');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(writes()).toEqual([]);

    type('Name', 'Solar Fan 12V');
    type('SKU', 'fan-12');
    type('Brand', 'Sun King');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'solar-lanterns' } });
    type('Price (UGX, VAT included)', '1,250,000');
    type('What shoppers read about it', 'A quiet fan for hot nights, runs on 12 volts.');
    type('Units in stock now', '5');
    replies = [
      {
        status: 409,
        body: {
          error: {
            code: 'sku_taken',
            message: 'Another product already has the SKU FAN-12. Each product needs its own SKU.',
          },
        },
      },
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() =>
      expect(errorOf('SKU')).toBe('Another product already has the SKU FAN-12. Each product needs its own SKU.'),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('SKU'));

    type('SKU', 'FAN-13');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByRole('heading', { name: 'Solar Fan 12V', level: 1 })).toBeTruthy();
    const [, created] = writes();
    expect(created?.body).toEqual({
      name: 'Solar Fan 12V',
      sku: 'FAN-13',
      brand: 'Sun King',
      category: 'solar-lanterns',
      price: 1_250_000,
      taxClass: 'standard',
      loanEligible: false,
      description: 'A quiet fan for hot nights, runs on 12 volts.',
      specs: { panelWatts: null, batteryWh: null, lights: null, warrantyMonths: 12, appliancesIncluded: [] },
      stock: 5,
    });
    expect(created?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(toasts).toContain('Solar Fan 12V was created.');
  });
});

describe('editing a product', () => {
  it('sends only the fields changed, and shows a refused category beside its field', async () => {
    renderAt(`/admin/products/${PRODUCT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Sun King Pico Plus', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Price (UGX, VAT included)') as HTMLInputElement).value).toBe('45,000');

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(toasts).toEqual(['Nothing has changed, so there is nothing to save.']);

    type('Price (UGX, VAT included)', '50,000');
    type('Appliances included', 'Phone charger\n\nRadio ');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toasts).toContain('Your changes were saved.'));
    expect(writes()[0]).toMatchObject({
      method: 'PATCH',
      url: BASE,
      body: {
        price: 50_000,
        specs: {
          panelWatts: 1,
          batteryWh: 4,
          lights: 1,
          warrantyMonths: 24,
          appliancesIncluded: ['Phone charger', 'Radio'],
        },
      },
    });

    replies = [
      {
        status: 422,
        body: {
          error: {
            code: 'inactive_category',
            message: 'The category Fridges is deactivated. Reactivate it first, or choose another category.',
          },
        },
      },
    ];
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'fridges' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(errorOf('Category')).toBe(
        'The category Fridges is deactivated. Reactivate it first, or choose another category.',
      ),
    );
    expect(writes()[1]?.body).toEqual({ category: 'fridges' });
  });

  it('takes a product off sale only after a confirmation', async () => {
    renderAt(`/admin/products/${PRODUCT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Take off sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Take Sun King Pico Plus off sale?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, take off sale' }));
    expect(await screen.findByRole('button', { name: 'Put back on sale' })).toBeTruthy();
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${BASE}/deactivate`]);
    expect(part('On sale').getByText('Off sale')).toBeTruthy();
    expect(toasts).toContain('The product is off sale.');
  });

  it('shows what admins did, with each field before and after', async () => {
    detail = {
      ...aDetail(),
      audit: [
        {
          id: 'a1',
          action: 'product.update',
          actorId: 'admin-1',
          actor: { id: 'admin-1', name: 'Grace Admin', role: 'admin' },
          reason: null,
          details: { changes: { price: { before: 40_000, after: 45_000 } } },
          createdAt: '2026-03-01T09:00:00.000Z',
        },
      ],
    };
    renderAt(`/admin/products/${PRODUCT_ID}`);
    const [entry] = (await screen.findByText('Details changed')).closest('ol')!.querySelectorAll('li');
    expect(entry!.textContent).toContain('by Grace Admin (Admin)');
    expect(entry!.textContent).toContain('Price (UGX, VAT included)UGX 40,000 → UGX 45,000');
  });
});

describe('stock', () => {
  it('adds and removes units with a reason, and shows a refusal in the server’s words', async () => {
    renderAt(`/admin/products/${PRODUCT_ID}`);
    await screen.findByRole('heading', { name: 'Sun King Pico Plus', level: 1 });
    const stock = part('Stock');
    expect(stock.getByText('12 in stock')).toBeTruthy();
    const history = await stock.findByRole('list', { name: 'Stock history, newest first' });
    expect(history.textContent).toContain('Adjusted by an admin');
    expect(history.textContent).toContain('+12');
    expect(history.textContent).toContain('Opening stock');
    expect(history.textContent).toContain('By Grace Admin');

    fireEvent.change(stock.getByLabelText('How many units'), { target: { value: '5' } });
    fireEvent.click(stock.getByRole('button', { name: 'Adjust stock' }));
    expect(errorOf('Reason')).toBe('Give the reason: 3 to 300 characters.');
    expect(document.activeElement).toBe(stock.getByLabelText('Reason'));
    expect(writes()).toEqual([]);

    fireEvent.change(stock.getByLabelText('Reason'), { target: { value: 'Delivery received' } });
    fireEvent.click(stock.getByRole('button', { name: 'Adjust stock' }));
    await waitFor(() => expect(toasts).toContain('Stock is now 17.'));
    expect(writes()[0]?.body).toEqual({ change: 5, reason: 'Delivery received' });
    expect(writes()[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(stock.getByText('17 in stock')).toBeTruthy());

    replies = [
      {
        status: 422,
        body: {
          error: {
            code: 'stock_below_zero',
            message:
              'Only 17 of Sun King Pico Plus in stock: removing 20 would take it below zero. Nothing was changed.',
          },
        },
      },
    ];
    fireEvent.click(stock.getByLabelText('Remove units'));
    fireEvent.change(stock.getByLabelText('How many units'), { target: { value: '20' } });
    fireEvent.change(stock.getByLabelText('Reason'), { target: { value: 'Stock count' } });
    fireEvent.click(stock.getByRole('button', { name: 'Adjust stock' }));
    expect((await stock.findByRole('alert')).textContent).toBe(
      'Only 17 of Sun King Pico Plus in stock: removing 20 would take it below zero. Nothing was changed.',
    );
    expect(writes()[1]?.body).toEqual({ change: -20, reason: 'Stock count' });
  });
});

/** XMLHttpRequest as the upload uses it, driven by the test. */
class FakeUpload {
  static last: FakeUpload | undefined;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | undefined;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeUpload.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('pictures', () => {
  beforeEach(() => {
    FakeUpload.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('uploads a picture with a preview and its progress, and refuses a wrong file before sending it', async () => {
    renderAt(`/admin/products/${PRODUCT_ID}`);
    const pictures = part((await screen.findByRole('heading', { name: 'Pictures' })).textContent!);
    const input = pictures.getByLabelText('Add a picture');

    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(pictures.getByRole('alert').textContent).toBe(
      'This file is not a JPEG, PNG or WebP picture. Choose a photo in one of those formats.',
    );
    expect(FakeUpload.last).toBeUndefined();

    const photo = new File([new Uint8Array(2048)], 'lamp.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    await waitFor(() => expect(FakeUpload.last).toBeDefined());
    const upload = FakeUpload.last!;
    expect([upload.method, upload.url]).toEqual(['POST', `${BASE}/images`]);
    expect(upload.body?.get('file')).toBe(photo);
    expect(pictures.getByText('lamp.jpg')).toBeTruthy();
    expect(document.querySelector('img[src="blob:preview"]')).not.toBeNull();
    upload.progress(512, 2048);
    expect((await pictures.findByRole('status')).textContent).toBe('Uploading… 25%');
    expect((pictures.getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement).value).toBe(0.25);
    upload.progress(2048, 2048);
    await waitFor(() => expect(pictures.getByRole('status').textContent).toBe('Checking and resizing the picture…'));

    const added = '/media/products/fedcba9876543210fedcba9876543210.webp';
    detail = { ...detail, product: { ...detail.product, images: [...detail.product.images, added] } };
    upload.respond(201, detail.product);
    await waitFor(() => expect(toasts).toContain('The picture was added.'));
    await waitFor(() => expect(pictures.getAllByRole('listitem')).toHaveLength(3));
    expect(pictures.queryByText('lamp.jpg')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');

    FakeUpload.last = undefined;
    fireEvent.change(pictures.getByLabelText('Add a picture'), { target: { files: [photo] } });
    await waitFor(() => expect(FakeUpload.last).toBeDefined());
    FakeUpload.last!.respond(415, {
      error: { code: 'unsupported_image', message: 'This file is not a JPEG, PNG or WebP picture (it is GIF).' },
    });
    expect((await pictures.findByRole('alert')).textContent).toBe(
      'This file is not a JPEG, PNG or WebP picture (it is GIF).',
    );
  });

  it('makes a picture the main one, and removes one after a confirmation', async () => {
    renderAt(`/admin/products/${PRODUCT_ID}`);
    const pictures = part((await screen.findByRole('heading', { name: 'Pictures' })).textContent!);
    expect(pictures.getAllByRole('img')[0]?.getAttribute('src')).toBe(
      '/media/products/0123456789abcdef0123456789abcdef-400.webp',
    );
    expect(pictures.getByText('Main picture')).toBeTruthy();
    fireEvent.click(pictures.getByRole('button', { name: 'Make picture 2 the main picture' }));
    await waitFor(() => expect(toasts).toContain('The main picture was changed.'));
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      url: `${BASE}/images/main`,
      body: { url: '/img/products/pico-2.svg' },
    });
    await waitFor(() => expect(pictures.getAllByRole('img')[0]?.getAttribute('src')).toBe('/img/products/pico-2.svg'));

    fireEvent.click(pictures.getByRole('button', { name: 'Remove picture 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this picture?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(toasts).toContain('The picture was removed.'));
    expect(writes()[1]).toMatchObject({ method: 'DELETE', url: `${BASE}/images?url=${encodeURIComponent(UPLOADED)}` });
    await waitFor(() => expect(pictures.getAllByRole('img')).toHaveLength(1));
  });
});
