// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '@/lib/i18n.ts';
import { networksQuery, type MobileMoneyNetworks } from '@/lib/shared-queries.ts';
import { TestMoneyBanner } from './test-money-banner.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

function renderBanner(networks: MobileMoneyNetworks) {
  const client = new QueryClient();
  client.setQueryData(networksQuery.queryKey, networks);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <TestMoneyBanner />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const network = (mode: 'live' | 'sandbox' | 'off', name: 'mtn' | 'airtel' = 'mtn') => ({
  network: name,
  name,
  mode,
});

describe('the test money banner', () => {
  it('says plainly that no money is real while a network is the sandbox', () => {
    renderBanner({ testMoney: true, paybillNumber: null, networks: [network('live'), network('sandbox', 'airtel')] });
    expect(screen.getByRole('note').textContent).toContain(
      'Test mode: payments here go to a sandbox network. No real money moves',
    );
  });

  it('is a landmark of its own, so that all of the page is in one', () => {
    renderBanner({ testMoney: true, paybillNumber: null, networks: [network('sandbox')] });
    const landmark = screen.getByRole('complementary', { name: 'Test mode' });
    expect(landmark.contains(screen.getByRole('note'))).toBe(true);
  });

  it('says it in Luganda too', async () => {
    await changeLanguage('lg');
    renderBanner({ testMoney: true, paybillNumber: null, networks: [network('sandbox')] });
    expect(screen.getByRole('note').textContent).toContain('Tewali ssente za ddala zitambula');
  });

  it('is not there when every network is real', () => {
    renderBanner({ testMoney: false, paybillNumber: null, networks: [network('live'), network('off', 'airtel')] });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
