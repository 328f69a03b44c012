import { describe, expect, it } from 'vitest';
import { ratingSummary, reviewInputSchema, reviewerName } from './reviews.ts';

describe('reviews', () => {
  it('names a reviewer by first name and the initial of the last', () => {
    expect(reviewerName('Akello Brenda Nankya')).toBe('Akello N.');
    expect(reviewerName('  Okello   John ')).toBe('Okello J.');
    expect(reviewerName('Nakato')).toBe('Nakato');
    expect(reviewerName('Ssebunya émile')).toBe('Ssebunya É.');
  });

  it('averages the stars to one decimal, and has no average without reviews', () => {
    // 2 × 5 + 1 × 4 + 1 × 1 = 15 over 4 reviews = 3.75 → 3.8
    expect(ratingSummary([1, 0, 0, 1, 2])).toEqual({ average: 3.8, count: 4, stars: [1, 0, 0, 1, 2] });
    expect(ratingSummary([0, 0, 0, 0, 0])).toEqual({ average: null, count: 0, stars: [0, 0, 0, 0, 0] });
  });

  it('takes 1 to 5 whole stars and at most 500 characters', () => {
    expect(reviewInputSchema.parse({ rating: 4 })).toEqual({ rating: 4, body: '' });
    expect(reviewInputSchema.parse({ rating: 5, body: '  Bright at night  ' }).body).toBe('Bright at night');
    for (const rating of [0, 6, 4.5, '5']) expect(reviewInputSchema.safeParse({ rating }).success).toBe(false);
    expect(reviewInputSchema.safeParse({ rating: 3, body: 'x'.repeat(501) }).success).toBe(false);
    expect(reviewInputSchema.safeParse({ rating: 3, extra: 1 }).success).toBe(false);
  });
});
