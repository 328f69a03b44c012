// @vitest-environment jsdom
import type { Review } from '@ecogrid/core/reviews';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import { fakeServer } from '@/test/fake-server.ts';
import { ProductReviews } from './product-reviews.tsx';

vi.mock('@/components/ui/toast.tsx', () => ({ showToast: async () => undefined }));

const PRODUCT = '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b';
const review = (changes: Partial<Review>): Review => ({
  id: '3f0c2a1e-7b6d-4c5e-9f8a-1b2c3d4e5f60',
  rating: 5,
  body: '',
  reviewer: 'Akello N.',
  createdAt: '2026-03-02T07:00:00.000Z',
  updatedAt: '2026-03-02T07:00:00.000Z',
  ...changes,
});

let canReview: boolean;
let mine: Review | null;
let listed: Review[];
const server = fakeServer(({ url, method, body }) => {
  if (url.startsWith(`/api/catalog/products/${PRODUCT}/reviews/mine`)) {
    if (method === 'PUT') {
      mine = review({ id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', ...(body as object), reviewer: 'Nakato S.' });
      listed = [mine, ...listed];
      return { status: 201, body: { canReview: true, review: mine } };
    }
    return { body: { canReview, review: mine } };
  }
  if (url.startsWith(`/api/catalog/products/${PRODUCT}/reviews`)) {
    const stars = [0, 0, 0, 0, 0];
    for (const r of listed) stars[r.rating - 1]! += 1;
    const count = listed.length;
    const average = count ? Math.round((listed.reduce((s, r) => s + r.rating, 0) / count) * 10) / 10 : null;
    return { body: { items: listed, nextCursor: null, summary: { average, count, stars } } };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  canReview = true;
  mine = null;
  listed = [review({ rating: 4, body: 'Bright all night', reviewer: 'Akello N.' })];
  server.start();
});

const renderReviews = (signedIn: boolean) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ProductReviews productId={PRODUCT} signedIn={signedIn} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
};

describe("a product's reviews", () => {
  it(
    'shows the rating and what customers wrote, by first name and initial',
    async () => {
      const { container } = renderReviews(false);
      expect(await screen.findByText('4 out of 5, from 1 review')).toBeTruthy();
      const list = screen.getByRole('list', { name: 'What customers say' });
      expect(within(list).getByText('Bright all night')).toBeTruthy();
      expect(within(list).getByText('4 stars')).toBeTruthy();
      expect(within(list).getByText(/^Akello N\., /)).toBeTruthy();
      // Signed out, nobody is asked for their own review.
      expect(screen.queryByRole('group', { name: 'Rate this product' })).toBeNull();
      await expectAccessible(container);
    },
    AXE_TIMEOUT_MS,
  );

  it(
    'lets a customer who received it pick stars, write a few words and save, and asks for the stars first',
    async () => {
      const { container } = renderReviews(true);
      const form = await screen.findByRole('group', { name: 'Rate this product' });
      fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
      expect(await screen.findByText('Choose from 1 to 5 stars.')).toBeTruthy();
      expect(server.seen.some((r) => r.method === 'PUT')).toBe(false);

      fireEvent.click(within(form).getByLabelText('5 stars'));
      fireEvent.change(screen.getByLabelText('What you think of it (optional)'), { target: { value: 'Runs the TV' } });
      expect(screen.getByText('489 characters left')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
      await waitFor(() =>
        expect(server.seen.find((r) => r.method === 'PUT')?.body).toEqual({ rating: 5, body: 'Runs the TV' }),
      );
      expect(await screen.findByText('4.5 out of 5, from 2 reviews')).toBeTruthy();
      expect(await screen.findByRole('group', { name: 'Your review' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Remove my review' })).toBeTruthy();
      await expectAccessible(container);
    },
    AXE_TIMEOUT_MS,
  );

  it('tells a customer whose order has not come yet that they can review it after delivery', async () => {
    canReview = false;
    renderReviews(true);
    expect(await screen.findByText('You can review this product once it has been delivered to you.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save review' })).toBeNull();
  });
});
