// @vitest-environment jsdom
import type { Product } from '@ecogrid/core';
import type { LoanPlan } from '@ecogrid/core/loans';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { addEnglish, i18n } from '@/lib/i18n.ts';
import english from '@/locales/en.assistant.json';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import { fakeServer } from '@/test/fake-server.ts';
import { SizingSteps } from './sizing-steps.tsx';

const product = (id: number, name: string, price: number, category: string, specs: Partial<Product['specs']>) =>
  ({
    id: `00000000-0000-4000-8000-00000000000${id}`,
    sku: `SKU-${id}`,
    name,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    description: '',
    category,
    brand: 'Demo',
    price,
    images: [],
    specs: { panelWatts: null, batteryWh: null, lights: null, appliancesIncluded: [], warrantyMonths: 24, ...specs },
    stock: 10,
    active: true,
    loanEligible: true,
    createdAt: '2026-01-01T00:00:00Z',
  }) satisfies Product;

const small = product(1, 'Home 120 Plus', 1_250_000, 'solar-home-systems', {
  panelWatts: 12,
  batteryWh: 58,
  lights: 4,
});
const power = product(2, 'ReadyPay Power 40', 850_000, 'solar-home-systems', {
  panelWatts: 40,
  batteryWh: 154,
  lights: 4,
});
const soldOut = {
  ...product(3, 'Sold Out 40', 500_000, 'solar-home-systems', { panelWatts: 40, batteryWh: 200, lights: 4 }),
  stock: 0,
};
const plan: LoanPlan = {
  id: '00000000-0000-4000-8000-0000000000a1',
  productId: power.id,
  name: '12 months',
  depositBp: 2_000,
  instalments: 12,
  frequency: 'monthly',
  markupBp: 2_000,
  active: true,
};

const server = fakeServer((request) => {
  if (request.url.startsWith('/api/catalog/products'))
    return { body: { items: [soldOut, power, small], nextCursor: null } };
  if (request.url === `/api/products/${power.id}/loan-plans`) return { body: { plans: [plan] } };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});
beforeAll(() => addEnglish(english));

function renderSteps() {
  server.start();
  return render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nextProvider i18n={i18n}>
          <SizingSteps />
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const setField = (name: string, index: number, value: string) =>
  fireEvent.change(screen.getAllByRole('textbox', { name })[index]!, { target: { value } });

describe('SizingSteps', () => {
  it(
    'sizes 4 bulbs, a radio and a TV and recommends a system with its prices from the catalogue',
    async () => {
      const { container } = renderSteps();
      for (const name of ['Light bulb (1 W)', 'Radio (3 W)', 'TV, 24 inch (15 W)'])
        fireEvent.click(screen.getByRole('checkbox', { name }));
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));

      setField('How many', 0, '4');
      setField('Hours a day', 0, '5');
      setField('Hours a day', 1, '6');
      setField('Hours a day', 2, '4');
      await expectAccessible(container);
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));

      // 4 x 1 W x 5 h + 3 W x 6 h + 15 W x 4 h = 98 Wh, and 30 % for losses: 128 Wh.
      expect(screen.getByText(/needs about 128 Wh a day: 98 Wh for the appliances, plus 30%/)).toBeTruthy();
      const link = await screen.findByRole('link', { name: 'ReadyPay Power 40' });
      expect(link.getAttribute('href')).toBe(`/product/${power.id}`);
      // Too small for a TV's evening, and out of stock: neither is recommended.
      expect(screen.queryByRole('link', { name: 'Home 120 Plus' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Sold Out 40' })).toBeNull();
      expect(screen.getByText('Cash price: UGX 850,000')).toBeTruthy();
      // 850,000 + 20 % = 1,020,000; a 20 % deposit of 204,000; 816,000 over 12 months is 68,000.
      expect(
        await screen.findByText(/UGX 204,000 deposit, then 12 monthly payments of UGX 68,000 \(UGX 1,020,000 in all\)/),
      ).toBeTruthy();
      await expectAccessible(container);
    },
    AXE_TIMEOUT_MS * 2,
  );

  it('asks for at least one appliance, and for counts and hours a day can hold', () => {
    renderSteps();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one appliance.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fan (10 W)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    setField('Hours a day', 0, '30');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toMatch(/up to 24/);
    expect(screen.getByRole('textbox', { name: 'Hours a day' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'How many' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/Wh a day/)).toBeNull();
  });
});
