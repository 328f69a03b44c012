import type { Product } from '@ecogrid/core';
import { productThumbnail } from '@ecogrid/core/catalog';
import { Link } from 'react-router';
import { formatUgx } from '@/lib/money.ts';

type Props = { product: Product; paygLabel: string; eager?: boolean };

export function ProductCard({ product, paygLabel, eager = false }: Props) {
  const main = product.images[0];
  const image = main && productThumbnail(main);
  return (
    <li className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <Link to={`/product/${product.id}`} className="flex h-full flex-col focus-visible:outline-offset-[-2px]">
        <div className="aspect-square bg-stone-100">
          {image && (
            <img
              src={image}
              alt=""
              width={320}
              height={320}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : 'auto'}
              decoding="async"
              className="h-full w-full object-cover"
            />
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <p className="text-xs font-medium uppercase tracking-wide text-stone-600">{product.brand}</p>
          <h2 className="line-clamp-2 text-sm font-semibold leading-snug text-stone-900">{product.name}</h2>
          <p className="mt-auto whitespace-nowrap pt-1 text-base font-bold text-brand-800">
            {formatUgx(product.price)}
          </p>
          {product.loanEligible && (
            <p className="w-fit rounded bg-sun-400/30 px-1.5 py-0.5 text-xs font-medium text-stone-900">{paygLabel}</p>
          )}
        </div>
      </Link>
    </li>
  );
}

export function ProductCardSkeleton() {
  return (
    <li aria-hidden="true" className="overflow-hidden rounded-xl border border-stone-200 bg-white">
      <div className="aspect-square animate-pulse bg-stone-200" />
      <div className="space-y-2 p-3">
        <div className="h-3 w-1/3 animate-pulse rounded bg-stone-200" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-stone-200" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-stone-200" />
      </div>
    </li>
  );
}
