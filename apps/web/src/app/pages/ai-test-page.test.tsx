// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { addEnglish, i18n } from '@/lib/i18n.ts';
import answerStrings from '@/locales/en.answers.json';
import assistantStrings from '@/locales/en.assistant.json';
import { fakeServer } from '@/test/fake-server.ts';
import AiTestPage from './ai-test-page.tsx';

const tvKit = {
  id: '00000000-0000-4000-8000-000000000007',
  sku: 'TV-24',
  name: 'Fenix 24" TV and Power Bundle',
  slug: 'fenix-24-tv',
  description: 'A 24 inch TV with a solar kit.',
  category: 'tv-kits',
  brand: 'Fenix',
  price: 1_900_000,
  images: [],
  specs: { panelWatts: 40, batteryWh: 154, lights: 4, appliancesIncluded: ['24" TV'], warrantyMonths: 24 },
  stock: 5,
  active: true,
  loanEligible: false,
  createdAt: '2026-01-01T00:00:00Z',
};

const server = fakeServer((request) =>
  request.url.startsWith('/api/catalog/products')
    ? { body: { items: [tvKit], nextCursor: null } }
    : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } },
);
beforeAll(() => {
  addEnglish(assistantStrings);
  addEnglish(answerStrings);
});

function renderPage() {
  server.start();
  render(
    <MemoryRouter initialEntries={['/ai-test']}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nextProvider i18n={i18n}>
          <Routes>
            <Route path="/ai-test" element={<AiTestPage />} />
          </Routes>
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const ask = (text: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: 'Your question' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
};

describe('the assistant page', () => {
  it('answers a question from the common answers, quoting and linking the one it used', () => {
    renderPage();
    ask('How do I type my token?');
    expect(screen.getByText('From our answer “How do I type a token on the keypad?”')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Read the whole answer' });
    expect(link.getAttribute('href')).toBe('/ai-test#answer-token-type');
    fireEvent.click(link);
    expect((document.getElementById('answer-token-type') as HTMLDetailsElement).open).toBe(true);
  });

  it('finds products by their specifications, with the catalogue price', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Which system do I need?' });
    ask('TV');
    const product = await screen.findByRole('link', { name: tvKit.name });
    expect(product.getAttribute('href')).toBe(`/product/${tvKit.id}`);
    expect(product.parentElement?.textContent).toContain('UGX 1,900,000');
  });

  it('says plainly when it finds nothing', () => {
    renderPage();
    ask('xylophone');
    expect(screen.getByText(/I found no answer to that/)).toBeTruthy();
  });
});
