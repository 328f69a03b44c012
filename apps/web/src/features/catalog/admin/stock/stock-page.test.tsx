// @vitest-environment jsdom
import type { LocationStock, StockLocation, StockMove } from '@ecogrid/core/stock-locations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import { errorOf, fakeServer, renderPage } from '@/test/admin-setup.tsx';
import StockPage from './stock-page.tsx';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

const MAIN = '11111111-1111-4111-8111-111111111111';
const SHOP = '22222222-2222-4222-8222-222222222222';
const LAMP = '33333333-3333-4333-8333-333333333333';
const POINT = '44444444-4444-4444-8444-444444444444';
const aLocation = (changes: Partial<StockLocation>): StockLocation => ({
  id: MAIN,
  kind: 'warehouse',
  name: 'Main warehouse',
  district: null,
  pickupPointId: null,
  agentId: null,
  isMain: true,
  active: true,
  units: 12,
  ...changes,
});
const LOCATIONS = [
  aLocation({}),
  aLocation({
    id: SHOP,
    kind: 'shop',
    name: 'Mbale shop',
    district: 'Mbale',
    pickupPointId: POINT,
    isMain: false,
    units: 2,
  }),
];
const move: StockMove = {
  id: 7,
  kind: 'transfer',
  productId: LAMP,
  productName: 'Pico Lamp',
  fromLocationId: MAIN,
  fromName: 'Main warehouse',
  toLocationId: SHOP,
  toName: 'Mbale shop',
  quantity: 2,
  note: 'Market day',
  serials: [],
  orderId: null,
  actorName: 'Grace Admin',
  createdAt: '2026-03-01T08:00:00.000Z',
};
const atShop: LocationStock = {
  location: LOCATIONS[1]!,
  items: [{ productId: LAMP, name: 'Pico Lamp', sku: 'LAN-01', quantity: 2 }],
};

let refusal: { status: number; body: unknown } | null;
const server = fakeServer(({ url, method, body }) => {
  if (method === 'GET' && url === '/api/admin/stock/locations') return { body: LOCATIONS };
  if (method === 'GET' && url === `/api/admin/stock/locations/${SHOP}`) return { body: atShop };
  if (method === 'GET' && url === `/api/admin/stock/locations/${SHOP}/moves`) {
    return { body: { items: [move], nextCursor: null } };
  }
  if (method === 'GET' && url === '/api/admin/catalog/products?limit=100') {
    return { body: { items: [{ id: LAMP, name: 'Pico Lamp', sku: 'LAN-01', stock: 12 }], nextCursor: null } };
  }
  if (method === 'GET' && url === '/api/checkout/options') {
    return {
      body: { pickupPoints: [{ id: '55555555-5555-4555-8555-555555555555', name: 'Gulu shop', district: 'Gulu' }] },
    };
  }
  if (method === 'GET' && url.startsWith('/api/admin/agents')) {
    return { body: { items: [{ id: 'agent-1', name: 'Okello John' }], nextCursor: null } };
  }
  if (refusal) return refusal;
  if (method === 'POST' && url === '/api/admin/stock/transfers')
    return { status: 201, body: { ...move, ...(body as object) } };
  if (method === 'POST' && url === '/api/admin/stock/locations') {
    return {
      status: 201,
      body: aLocation({ id: '66666666-6666-4666-8666-666666666666', name: 'Jinja store', isMain: false, units: 0 }),
    };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } };
});

beforeEach(() => {
  refusal = null;
  toasts.length = 0;
  server.start();
});

const writes = () => server.seen.filter((r) => r.method !== 'GET');

describe('the admin stock page', () => {
  it(
    'lists the locations by name with their units, and shows one location’s stock and history',
    async () => {
      const { container } = renderPage(StockPage, '/admin/stock');
      expect(screen.getByRole('status').textContent).toContain('Loading stock…');
      const list = await screen.findByRole('list', { name: 'Stock locations' });
      expect(document.title).toBe('Stock by location · EcoGrid');
      const items = within(list).getAllByRole('listitem');
      expect(items.map((i) => i.querySelector('span span')?.textContent)).toEqual(['Main warehouse', 'Mbale shop']);
      expect(items[1]!.textContent).toContain('Shop · Mbale · 2 units');
      fireEvent.click(within(items[1]!).getByRole('button', { name: 'Stock at Mbale shop' }));
      const held = await screen.findByRole('heading', { name: 'Held at Mbale shop' });
      const section = held.closest('section')!;
      expect(section.textContent).toContain('Pico Lamp LAN-012 units');
      const history = await within(section).findByRole('list', { name: 'What came and went' });
      expect(history.textContent).toContain('Transfer');
      expect(history.textContent).toContain('From Main warehouse to Mbale shop');
      expect(history.textContent).toContain('+2 Pico Lamp');
      await expectAccessible(container);
    },
    AXE_TIMEOUT_MS,
  );

  it('checks the transfer before sending it, then moves the units picked by name', async () => {
    renderPage(StockPage, '/admin/stock');
    await screen.findByRole('list', { name: 'Stock locations' });
    fireEvent.click(screen.getByRole('button', { name: 'Move the units' }));
    expect(errorOf(screen.getByLabelText('Product'))).toBe('Choose the product.');
    expect(errorOf(screen.getByLabelText('Units'))).toBe('Enter how many units, a whole number from 1 to 100,000.');
    expect(writes()).toEqual([]);

    await screen.findByRole('option', { name: 'Pico Lamp (LAN-01)' });
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: LAMP } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: MAIN } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: SHOP } });
    fireEvent.change(screen.getByLabelText('Units'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Market day' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move the units' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({
      productId: LAMP,
      fromLocationId: MAIN,
      toLocationId: SHOP,
      quantity: 2,
      note: 'Market day',
    });
    await waitFor(() => expect(toasts).toEqual(['2 × Pico Lamp moved from Main warehouse to Mbale shop.']));
  });

  it('shows the server’s refusal of a transfer as it words it', async () => {
    refusal = {
      status: 422,
      body: {
        error: { code: 'stock_not_at_location', message: 'Mbale shop holds no Pico Lamp. Nothing was changed.' },
      },
    };
    renderPage(StockPage, '/admin/stock');
    await screen.findByRole('option', { name: 'Pico Lamp (LAN-01)' });
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: LAMP } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: SHOP } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: MAIN } });
    fireEvent.change(screen.getByLabelText('Units'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move the units' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Mbale shop holds no Pico Lamp. Nothing was changed.',
    );
  });

  it('adds a warehouse by name and offers shops and agents by name', async () => {
    renderPage(StockPage, '/admin/stock');
    await screen.findByRole('list', { name: 'Stock locations' });
    fireEvent.click(screen.getByRole('button', { name: 'Add location' }));
    expect(errorOf(screen.getByLabelText('Warehouse name'))).toBe('Enter the warehouse’s name, 2 to 80 characters.');
    fireEvent.change(screen.getByLabelText('Warehouse name'), { target: { value: 'Jinja store' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add location' }));
    await waitFor(() => expect(writes().map((w) => w.body)).toEqual([{ kind: 'warehouse', name: 'Jinja store' }]));
    await waitFor(() => expect(toasts).toEqual(['Jinja store now holds stock.']));

    fireEvent.change(screen.getByLabelText('Kind of location'), { target: { value: 'shop' } });
    expect(await screen.findByRole('option', { name: 'Gulu shop, Gulu' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kind of location'), { target: { value: 'agent' } });
    expect(await screen.findByRole('option', { name: 'Okello John' })).toBeTruthy();
  });
});
