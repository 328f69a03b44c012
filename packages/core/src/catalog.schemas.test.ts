import { describe, expect, it } from 'vitest';
import { productListQuerySchema } from './catalog.schemas.ts';

describe('productListQuerySchema', () => {
  it('fills defaults for an empty query', () => {
    expect(productListQuerySchema.parse({})).toEqual({ sort: 'newest', limit: 24 });
  });

  it('coerces numbers from query strings', () => {
    const parsed = productListQuerySchema.parse({ minPrice: '1000', maxPrice: '5000', limit: '10' });
    expect(parsed).toMatchObject({ minPrice: 1000, maxPrice: 5000, limit: 10 });
  });

  it('refuses a price range that is upside down', () => {
    const result = productListQuerySchema.safeParse({ minPrice: '5000', maxPrice: '1000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The lowest price must not be above the highest price');
  });

  it('takes any well-formed category slug (admins keep the categories) and refuses the rest', () => {
    expect(productListQuerySchema.parse({ category: 'cars' }).category).toBe('cars');
    for (const category of ['Cars', 'solar lanterns', 'a', '-x', 'x--y', 'x'.repeat(41)]) {
      expect(productListQuerySchema.safeParse({ category }).success, category).toBe(false);
    }
  });

  it('refuses unknown sorts and absurd limits', () => {
    expect(productListQuerySchema.safeParse({ sort: 'random' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ minPrice: '12.5' }).success).toBe(false);
  });
});
