// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n } from '@/lib/i18n.ts';
import { CategoryChips } from './components/category-chips.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(async () => changeLanguage('en'));

const categories = [
  { slug: 'solar-lanterns', name: 'Solar lights', position: 1, productCount: 4 },
  { slug: 'fridges', name: 'Fridges', position: 2, productCount: 0 },
  { slug: 'solar-fans', name: 'Solar fans', position: 3, productCount: 2 },
];

function renderChips(value: string | undefined, onChange = vi.fn()) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/catalog/categories'
        ? new Response(JSON.stringify({ items: categories }), { headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 404 }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <CategoryChips value={value} onChange={onChange} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onChange;
}

const chipNames = () => screen.getAllByRole('button').map((b) => b.textContent);

describe('the category chips', () => {
  it("come from the server in the admins' order, named as the admins named them, empty ones left out", async () => {
    const onChange = renderChips(undefined);
    expect(await screen.findByRole('button', { name: 'Solar fans' })).toBeTruthy();
    expect(chipNames()).toEqual(['All', 'Solar lights', 'Solar fans']);
    fireEvent.click(screen.getByRole('button', { name: 'Solar fans' }));
    expect(onChange).toHaveBeenCalledWith('solar-fans');
  });

  it('keep the chosen category even when it is empty, pressed', async () => {
    renderChips('fridges');
    const chosen = await screen.findByRole('button', { name: 'Fridges' });
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('use the translation in Luganda when there is one, and the server’s name otherwise', async () => {
    await changeLanguage('lg');
    renderChips(undefined);
    expect(await screen.findByRole('button', { name: 'Solar fans' })).toBeTruthy();
    expect(chipNames()).toEqual(['Byonna', "Ettaala z'enjuba", 'Solar fans']);
  });
});
