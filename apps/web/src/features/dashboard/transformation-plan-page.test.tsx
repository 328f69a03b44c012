// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { addEnglish, i18n } from '@/lib/i18n.ts';
import dashboardStrings from '@/locales/en.dashboard.json';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import { fakeServer } from '@/test/fake-server.ts';
import type { Impact } from './api.ts';
import TransformationPlanPage from './transformation-plan-page.tsx';

const impact: Impact = {
  unitsSold: 1_250,
  householdsServed: 1_100,
  powerDays: 182_500,
  kwhDelivered: 18_250,
  keroseneLitresAvoided: 27_375,
  co2KgAvoided: 68_438,
  method: {
    whPerDayByCategory: { 'solar-lanterns': 10, 'solar-home-systems': 100 },
    defaultWhPerDay: 50,
    keroseneLitresPerHouseholdDay: 0.15,
    keroseneSource: 'About 55 litres a year',
    co2KgPerLitre: 2.5,
  },
};

const server = fakeServer(
  ({ url }) => (url === '/api/transformation-plan' ? { body: impact } : { status: 404, body: {} }),
  { setup: () => addEnglish(dashboardStrings) },
);
beforeEach(() => server.start());

function show() {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/transformation-plan']}>
          <TransformationPlanPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the transformation plan', () => {
  it(
    'tells the story with the live figures and states how each is made',
    async () => {
      show();
      expect(screen.getByRole('heading', { level: 1, name: 'From kerosene to solar' })).toBeTruthy();
      expect((await screen.findByTestId('figure-units')).textContent).toBe('1,250');
      expect(screen.getByTestId('figure-households').textContent).toBe('1,100');
      expect(screen.getByTestId('figure-kwh').textContent).toBe('18,250');
      expect(screen.getByTestId('figure-kerosene').textContent).toBe('27,375');
      expect(screen.getByTestId('figure-co2').textContent).toBe('68,438');
      expect(screen.getByText('Home systems: 100 Wh a day')).toBeTruthy();
      expect(screen.getByText('Anything else: 50 Wh a day')).toBeTruthy();
      expect(screen.getByText(/at 0.15 litres a day \(about 55 litres a year/)).toBeTruthy();
      expect(screen.getByText(/2.5 kg for each litre of kerosene not burned \(the IPCC 2006 default/)).toBeTruthy();
      expect(document.title).toBe('Transformation plan · EcoGrid');
      await expectAccessible(document.body);
    },
    AXE_TIMEOUT_MS,
  );
});
