import type { Cart } from '@ecogrid/core/orders';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * The header's way to the cart, with how many items it holds; drawn only for a signed-in user
 * with something in the cart. It ships in the first download, so it asks for the cart itself
 * (the same key and address as `cartQuery` in api.ts) rather than share a module with the cart's
 * lazy pages: a module shared with them would cost the marketplace a chunk of its own.
 */
export function CartBadge({ icon }: { icon: ReactNode }) {
  const { t } = useTranslation();
  const count = useQuery({
    queryKey: ['cart'],
    queryFn: ({ signal }) => apiFetch<Cart>('/api/cart', { signal }),
    staleTime: 30_000,
    refetchOnMount: true,
  }).data?.count;
  if (!count) return null;
  return (
    <NavLink
      to="/cart"
      aria-label={t('nav.cart', { count })}
      className="relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100"
    >
      {icon}
      <span
        aria-hidden="true"
        data-testid="cart-count"
        className="absolute top-1 right-1 min-w-5 rounded-full bg-brand-800 px-1 text-center text-xs leading-5 font-bold text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
    </NavLink>
  );
}
