import { describe, expect, it } from 'vitest';
import { productThumbnail } from './catalog.ts';
import {
  categoryOrderSchema,
  productCreateSchema,
  productUpdateSchema,
  stockAdjustmentSchema,
} from './catalog-admin.ts';

const lantern = {
  sku: ' lan-new-01 ',
  name: 'Sun King Pico',
  description: 'A small solar lantern for reading.',
  category: 'solar-lanterns',
  brand: 'Sun King',
  price: 45_000,
  specs: { panelWatts: 1, batteryWh: 4, lights: 1, appliancesIncluded: [], warrantyMonths: 24 },
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('productCreateSchema', () => {
  it('fills the defaults and puts the SKU in capitals', () => {
    expect(productCreateSchema.parse(lantern)).toMatchObject({
      sku: 'LAN-NEW-01',
      taxClass: 'standard',
      loanEligible: false,
      stock: 0,
    });
  });

  it.each([
    [{ price: 12.5 }, 'The price must be a whole number'],
    [{ price: 0 }, 'The price must be at least UGX 1'],
    [{ stock: -1 }, 'The opening stock cannot be negative'],
    [{ sku: 'a b' }, 'The SKU is letters and digits, with - _ or . between them'],
    [
      { category: 'Solar Lanterns' },
      'A category is named by its slug: lower-case letters, digits and single hyphens, such as solar-lanterns',
    ],
    [{ taxClass: 'luxury' }, 'Choose the VAT class: standard, exempt or zero rated'],
    [{ name: 'ab' }, 'The name needs at least 3 characters'],
  ])('refuses %o with a clear message', (change, message) => {
    expect(firstMessage(productCreateSchema.safeParse({ ...lantern, ...change }))).toBe(message);
  });
});

describe('productUpdateSchema', () => {
  it('takes any one field and adds no defaults', () => {
    expect(productUpdateSchema.parse({ price: 50_000 })).toEqual({ price: 50_000 });
  });

  it('refuses an empty change, a stock edit and unknown fields', () => {
    expect(firstMessage(productUpdateSchema.safeParse({}))).toBe('Change at least one field');
    expect(firstMessage(productUpdateSchema.safeParse({ stock: 5 }))).toMatch(/stock adjustment/);
    expect(productUpdateSchema.safeParse({ slug: 'new-slug' }).success).toBe(false);
  });
});

describe('stockAdjustmentSchema', () => {
  it('needs a non-zero whole change and a reason', () => {
    expect(stockAdjustmentSchema.parse({ change: -3, reason: ' Damaged in transport ' })).toEqual({
      change: -3,
      reason: 'Damaged in transport',
    });
    expect(firstMessage(stockAdjustmentSchema.safeParse({ change: 0, reason: 'Count' }))).toMatch(/cannot be zero/);
    expect(firstMessage(stockAdjustmentSchema.safeParse({ change: 2 }))).toBe('Enter the reason');
  });
});

describe('categoryOrderSchema', () => {
  it('refuses a slug listed twice', () => {
    expect(firstMessage(categoryOrderSchema.safeParse({ slugs: ['fridges', 'fridges'] }))).toBe(
      'Each category may appear only once',
    );
  });
});

describe('productThumbnail', () => {
  it('points uploaded pictures at their 400 px version and leaves others alone', () => {
    expect(productThumbnail('/media/products/0123456789abcdef0123456789abcdef.webp')).toBe(
      '/media/products/0123456789abcdef0123456789abcdef-400.webp',
    );
    expect(productThumbnail('/img/products/sun-king-1.svg')).toBe('/img/products/sun-king-1.svg');
  });
});
