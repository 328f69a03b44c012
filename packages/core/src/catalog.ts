/**
 * The categories the database starts with (migration 0010 seeds them, with their names); admins
 * add more, so the catalogue itself accepts any category slug (`categorySlugSchema`).
 */
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

/** A category slug: lower-case letters and digits in words joined by single hyphens. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The small version of an uploaded product picture, for cards and thumbnails: uploads are
 * stored as `<hash>.webp` (longest side 1200 px) beside `<hash>-400.webp`. Other pictures (the
 * demo's drawings) have one size only.
 */
export const productThumbnail = (url: string): string => url.replace(/^(\/media\/products\/\w+)\.webp$/, '$1-400.webp');
