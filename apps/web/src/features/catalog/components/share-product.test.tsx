// @vitest-environment jsdom
import type { Product } from '@ecogrid/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addEnglish, i18n, initI18n } from '@/lib/i18n.ts';
import reviewStrings from '@/locales/en.reviews.json';
import { ShareProduct } from './share-product.tsx';

const toasts: string[] = [];
vi.mock('@/components/ui/toast.tsx', () => ({ showToast: async (title: string) => void toasts.push(title) }));

const product = { id: '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b', name: 'SunKing Home 60', price: 600_000 } as Product;

beforeAll(async () => {
  addEnglish(reviewStrings);
  await initI18n();
});
afterEach(cleanup);

const renderShare = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <ShareProduct product={product} />
    </I18nextProvider>,
  );

describe('sharing a product', () => {
  it('links to WhatsApp with the name, the price and the link to the product', () => {
    renderShare();
    const link = screen.getByRole('link', { name: /^Share on WhatsApp/ });
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin).toBe('https://wa.me');
    expect(href.searchParams.get('text')).toBe(
      `SunKing Home 60, UGX 600,000, on EcoGrid: ${window.location.origin}/product/${product.id}`,
    );
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('copies the link and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderShare();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toasts).toContain('Link copied'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/product/${product.id}`);
  });
});
