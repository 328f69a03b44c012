// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { MarketplacePage } from './marketplace-page.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMarketplace(path = '/marketplace') {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const body = url.startsWith('/api/catalog/categories') ? { items: [] } : { items: [], nextCursor: null };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <MarketplacePage />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return () => urls.filter((url) => url.startsWith('/api/catalog/products'));
}

describe('the marketplace price filter', () => {
  it("asks the catalogue for the price range entered, with the API's own parameters", async () => {
    const lists = renderMarketplace();
    await waitFor(() => expect(lists()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Lowest price (UGX)'), { target: { value: '100,000' } });
    fireEvent.change(screen.getByLabelText('Highest price (UGX)'), { target: { value: '500000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show prices' }));
    await waitFor(() => expect(lists().at(-1)).toMatch(/minPrice=100000&maxPrice=500000/));
  });

  it('refuses a lowest price above the highest, in words, and asks for nothing', async () => {
    const lists = renderMarketplace('/marketplace?minPrice=50000');
    await waitFor(() => expect(lists()).toEqual([expect.stringMatching(/minPrice=50000/)]));
    expect((screen.getByLabelText('Lowest price (UGX)') as HTMLInputElement).value).toBe('50000');
    fireEvent.change(screen.getByLabelText('Highest price (UGX)'), { target: { value: '20000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show prices' }));
    expect(screen.getByRole('alert').textContent).toBe('The lowest price must not be above the highest price.');
    expect(lists()).toHaveLength(1);
  });
});
