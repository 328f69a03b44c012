import { productThumbnail } from '@ecogrid/core/catalog';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUgx } from '@/lib/money.ts';
import type { AdminProduct } from './api.ts';
import { ProductStateBadge, StockBadge } from './product-badges.tsx';

/** One product in the back office's list: its picture, name (the way in), SKU, price, stock and state. */
export function ProductCard({ product, categoryName }: { product: AdminProduct; categoryName: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const image = product.images[0];
  return (
    <li>
      <article aria-labelledby={titleId} className="flex gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-stone-100">
          {image && (
            <img
              src={productThumbnail(image)}
              alt=""
              width={80}
              height={80}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover"
            />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={titleId} className="text-base font-semibold break-words">
            <Link to={`/admin/products/${encodeURIComponent(product.id)}`} className="text-brand-800 underline">
              {product.name}
            </Link>
          </h2>
          <p className="text-sm text-stone-700">
            <span className="font-mono">{product.sku}</span> · {categoryName}
          </p>
          <p className="text-lg font-semibold tabular-nums">{formatUgx(product.price)}</p>
          <div className="flex flex-wrap gap-1">
            <StockBadge stock={product.stock} />
            <ProductStateBadge active={product.active} />
            {product.loanEligible && <span className="text-sm text-stone-700">{t('admin.products.credit')}</span>}
          </div>
        </div>
      </article>
    </li>
  );
}
