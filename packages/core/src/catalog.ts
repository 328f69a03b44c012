export const PRODUCT_CATEGORIES = [
  'solar-lanterns',
  'solar-home-systems',
  'tv-kits',
  'fridges',
  'water-pumps',
  'cookstoves',
  'batteries',
  'inverters',
] as const;

export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Largest price a shopper may filter by: far above any product, small enough to stay exact. */
export const MAX_PRICE_FILTER = 1_000_000_000;
