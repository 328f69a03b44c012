import type { Product } from '@ecogrid/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { LoadingOverlay } from '@/components/ui/loading-overlay.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatUgx } from '@/lib/money.ts';
import { categoriesQuery, productQuery } from './api.ts';
import { ProductGallery } from './components/product-gallery.tsx';
import { ShareProduct } from './components/share-product.tsx';
import { SpecList } from './components/spec-list.tsx';
import { useCategoryLabel } from './components/use-category-label.ts';
import { ProductReviews } from './reviews/product-reviews.tsx';

type Props = {
  /** The buying controls (Add to cart, Buy on credit); the page that composes features supplies them. */
  actions: (product: Product) => ReactNode;
  /** Signed in, the shopper sees their own review, or why they cannot write one yet. */
  signedIn?: boolean;
};

/** Product detail (/product/{id}): pictures, price, Add to cart, sharing, specifications and reviews. */
export function ProductPage({ actions, signedIn = false }: Props) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(productQuery(id));
  const categoryLabel = useCategoryLabel(useQuery(categoriesQuery).data?.items);

  if (query.isPending) return <LoadingOverlay />;
  if (query.isError) {
    const { error } = query;
    // A 4xx answer (bad id, no such product) will not change on retry; a network or server failure may.
    const final = error instanceof ApiError && error.status >= 400 && error.status < 500;
    // A malformed id (400) and an unknown one (404) are the same to a shopper: no such product.
    const missing = final && (error.status === 400 || error.status === 404);
    if (missing) {
      return (
        <section className="mx-auto max-w-md space-y-4 p-4 text-center" aria-labelledby="product-missing">
          <h1 id="product-missing" className="text-2xl font-bold">
            {t('catalog.notFoundTitle')}
          </h1>
          <p>{t('catalog.notFound')}</p>
          <Link to="/marketplace" className={buttonClass()}>
            {t('catalog.back')}
          </Link>
        </section>
      );
    }
    const message = final ? error.message : t('catalog.loadFailed');
    return (
      <section className="mx-auto max-w-md space-y-4 p-4 text-center" role="alert">
        <p>{message}</p>
        {!final && (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('catalog.retry')}
          </Button>
        )}
        <Link to="/marketplace" className={buttonClass('ghost')}>
          {t('catalog.back')}
        </Link>
      </section>
    );
  }

  const product = query.data;
  const stockText =
    product.stock === 0
      ? t('catalog.outOfStock')
      : product.stock <= 5
        ? t('catalog.lowStock', { count: product.stock })
        : t('catalog.inStock');

  return (
    <article className="mx-auto max-w-5xl p-4" aria-labelledby="product-title">
      <Link to="/marketplace" className="mb-3 inline-block text-sm font-medium text-brand-800 underline">
        {t('catalog.back')}
      </Link>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-2">
        <ProductGallery images={product.images} name={product.name} />
        <div className="space-y-4">
          <div>
            <p className="text-sm font-medium uppercase tracking-wide text-stone-600">
              {product.brand} · {categoryLabel(product.category)}
            </p>
            <h1 id="product-title" className="text-2xl font-bold">
              {product.name}
            </h1>
          </div>
          <div>
            <p className="text-3xl font-bold text-brand-800">{formatUgx(product.price)}</p>
            <p className="text-sm text-stone-600">{t('catalog.priceVat')}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className={product.stock === 0 ? 'font-medium text-red-800' : 'font-medium text-brand-800'}>
              {stockText}
            </span>
            {product.loanEligible && (
              <span className="rounded bg-sun-400/30 px-1.5 py-0.5 font-medium">{t('catalog.payg')}</span>
            )}
          </div>
          {actions(product)}
          <ShareProduct product={product} />
          <section aria-labelledby="about-title" className="space-y-2">
            <h2 id="about-title" className="text-lg font-semibold">
              {t('catalog.about')}
            </h2>
            <p className="leading-relaxed text-stone-800">{product.description}</p>
          </section>
          <section aria-labelledby="specs-title" className="space-y-2">
            <h2 id="specs-title" className="text-lg font-semibold">
              {t('catalog.specs')}
            </h2>
            <SpecList specs={product.specs} />
          </section>
          <ProductReviews productId={product.id} signedIn={signedIn} />
        </div>
      </div>
    </article>
  );
}
