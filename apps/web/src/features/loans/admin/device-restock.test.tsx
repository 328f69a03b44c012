// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import type { Device } from './devices-api.ts';
import DevicesPage from './devices-page.tsx';

const aDevice = (id: string, serialNumber: string, status: Device['status']): Device => ({
  id,
  serialNumber,
  productId: 'p1',
  product: { id: 'p1', sku: 'SHS-SKH-60', name: 'Sun King Home 60' },
  startingCode: 516959010,
  tokenCount: 4,
  timeDivider: 1,
  restrictedDigitSet: false,
  status,
  loanId: null,
  locationId: null,
  locationName: null,
  deliveredAt: '2026-03-02T07:00:00.000Z',
  warrantyUntil: '2028-03-02',
  createdAt: '2026-03-01T07:00:00.000Z',
  updatedAt: '2026-03-02T07:00:00.000Z',
});

let restockReply: { status?: number; body: unknown };
const server = fakeServer(({ url, method }) => {
  if (method === 'POST' && url.endsWith('/restock')) return restockReply;
  if (url === '/api/admin/devices/products') return { body: { items: [] } };
  if (url.startsWith('/api/admin/devices?')) {
    return {
      body: {
        items: [
          aDevice('d1', 'SK60-000201', 'returned'),
          aDevice('d2', 'SK60-000202', 'refurbishing'),
          aDevice('d3', 'SK60-000203', 'in_stock'),
        ],
        nextCursor: null,
      },
    };
  }
  return { status: 404, body: {} };
});

beforeEach(() => {
  restockReply = { body: { status: 'in_stock' } };
  server.start();
});

const card = async (serial: string) => within(await screen.findByRole('article', { name: serial }));

describe('units back from customers', () => {
  it(
    'go back to stock, returned or refurbished; a unit in stock has no such button',
    async () => {
      const { container } = renderPage(DevicesPage, '/admin/devices');
      const refurbished = await card('SK60-000202');
      expect(refurbished.getByText('Being refurbished')).toBeTruthy();
      expect((await card('SK60-000203')).queryByRole('button', { name: 'Back to stock' })).toBeNull();
      await expectAccessible(container);
      fireEvent.click(refurbished.getByRole('button', { name: 'Back to stock' }));
      await waitFor(() =>
        expect(server.seen.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
          '/api/admin/devices/d2/restock',
        ]),
      );
    },
    AXE_TIMEOUT_MS,
  );

  it('shows why a unit could not go back to stock', async () => {
    restockReply = {
      status: 409,
      body: { error: { code: 'device_not_returned', message: 'Device SK60-000201 is not back from a customer.' } },
    };
    renderPage(DevicesPage, '/admin/devices');
    const returned = await card('SK60-000201');
    fireEvent.click(returned.getByRole('button', { name: 'Back to stock' }));
    expect((await returned.findByRole('alert')).textContent).toBe('Device SK60-000201 is not back from a customer.');
  });
});
