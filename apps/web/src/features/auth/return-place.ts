import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';

/** Pages people are sent back to after signing in, by their path, with the words for them. */
const PLACES: [RegExp, string][] = [
  [/^\/cart$/, 'cart'],
  [/^\/checkout$/, 'checkout'],
  [/^\/my-orders$/, 'orders'],
  [/^\/my-orders\/[^/]+$/, 'order'],
  [/^\/customer\/loan$/, 'loans'],
  [/^\/customer\/loan\/[^/]+$/, 'loan'],
  [/^\/customer\/wallet$/, 'wallet'],
  [/^\/kyc$/, 'kyc'],
  [/^\/my-account$/, 'account'],
  [/^\/inbox$/, 'inbox'],
  [/^\/(marketplace|all-products)$/, 'marketplace'],
];

/**
 * Where sign-in leads back to, in words rather than a path with an id: a product by its name
 * when this visit has seen it, a known page by what it is, else "the page you were on".
 */
export function returnPlace(target: string, t: TFunction, queryClient: QueryClient): string {
  const path = target.split(/[?#]/)[0] ?? '';
  const product = /^\/product\/([^/]+)$/.exec(path);
  if (product) {
    const seen = queryClient.getQueryData<{ name?: string }>(['catalog', 'product', decodeURIComponent(product[1]!)]);
    return seen?.name ?? t('auth.place.product');
  }
  const place = PLACES.find(([pattern]) => pattern.test(path));
  return t(`auth.place.${place ? place[1] : 'elsewhere'}`);
}
