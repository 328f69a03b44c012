import type { Product } from '@ecogrid/core';
import { CATEGORY_SLUG_PATTERN, PRODUCT_SORTS, type ProductSort } from '@ecogrid/core/catalog';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { productListQuery } from './api.ts';
import { CategoryChips } from './components/category-chips.tsx';
import { ProductCard, ProductCardSkeleton } from './components/product-card.tsx';
import { asPrice, PriceFilter } from './components/price-filter.tsx';
import { useDebounced } from '@/lib/use-debounced.ts';

const asCategory = (v: string | null) => (v && CATEGORY_SLUG_PATTERN.test(v) ? v : undefined);
const asSort = (v: string | null) => (PRODUCT_SORTS.includes(v as ProductSort) ? (v as ProductSort) : 'newest');

const NO_PRODUCTS: Product[] = [];

/** The marketplace (/ and /marketplace): search, category chips, sorting and a product grid. */
export function MarketplacePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = asCategory(params.get('category'));
  const sort = asSort(params.get('sort'));
  const minPrice = asPrice(params.get('minPrice'));
  const maxPrice = asPrice(params.get('maxPrice'));
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 300);

  const update = (changes: Record<string, string | undefined>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  };

  // The settled search text is kept in the URL, so a search can be shared and survives reload.
  const urlQ = params.get('q') ?? '';
  useEffect(() => {
    if (urlQ === q) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, urlQ, setParams]);

  const query = useInfiniteQuery(
    productListQuery({
      q: q || undefined,
      category,
      sort,
      ...(minPrice !== undefined && { minPrice }),
      ...(maxPrice !== undefined && { maxPrice }),
    }),
  );
  const loaded = query.data?.pages.flatMap((page) => page.items);
  // The grid is drawn in the background (a deferred, interruptible render), so building two
  // dozen cards never blocks a slow phone's main thread in one long task.
  const products = useDeferredValue(loaded ?? NO_PRODUCTS, NO_PRODUCTS);
  const filtered = Boolean(q || category || minPrice !== undefined || maxPrice !== undefined);
  const paygLabel = t('catalog.payg');

  return (
    <section className="mx-auto max-w-6xl space-y-4 p-4" aria-labelledby="market-title">
      <header className="space-y-1">
        <h1 id="market-title" className="text-2xl font-bold">
          {t('catalog.title')}
        </h1>
        <p className="text-stone-700">{t('catalog.subtitle')}</p>
      </header>

      <form role="search" className="flex flex-col gap-3 md:flex-row" onSubmit={(e) => e.preventDefault()}>
        <label className="flex-1">
          <span className="sr-only">{t('catalog.searchLabel')}</span>
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('catalog.searchPlaceholder')}
            className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base"
            maxLength={100}
            enterKeyHint="search"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="shrink-0">{t('catalog.sortLabel')}</span>
          <select
            value={sort}
            onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value })}
            className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-2 text-base"
          >
            {PRODUCT_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`catalog.sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </form>

      <CategoryChips value={category} onChange={(c) => update({ category: c })} />
      <PriceFilter
        key={`${minPrice ?? ''}-${maxPrice ?? ''}`}
        min={minPrice}
        max={maxPrice}
        onChange={(range) => update({ minPrice: range.min?.toString(), maxPrice: range.max?.toString() })}
      />

      {query.isError && !products.length ? (
        <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <p>{t('catalog.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('catalog.retry')}
          </Button>
        </div>
      ) : query.isPending || (loaded?.length && !products.length) ? (
        <>
          <p role="status" className="sr-only">
            {t('catalog.loadingProducts')}
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {Array.from({ length: 8 }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </ul>
        </>
      ) : products.length === 0 ? (
        <div role="status" className="space-y-3 py-10 text-center">
          <p>{t('catalog.empty')}</p>
          {filtered && (
            <Button
              variant="secondary"
              onClick={() => {
                setText('');
                update({ q: undefined, category: undefined, minPrice: undefined, maxPrice: undefined });
              }}
            >
              {t('catalog.clearFilters')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul
            aria-label={t('catalog.title')}
            aria-busy={query.isFetching}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          >
            {products.map((product, i) => (
              <ProductCard key={product.id} product={product} paygLabel={paygLabel} eager={i < 2} />
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? t('catalog.loadingMore') : t('catalog.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export default MarketplacePage;
