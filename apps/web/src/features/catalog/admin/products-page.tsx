import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { useDebounced } from '@/lib/use-debounced.ts';
import { adminCategoriesQuery, adminProductsQuery, type ProductFilters } from './api.ts';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { ProductCard } from './product-card.tsx';
import { SearchField } from '@/components/admin/search-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { useAddressFilters } from '@/lib/use-address-filters.ts';

const STATES = ['true', 'false'] as const;

/** /admin/products: every product, on sale or not, searched by name or SKU and filtered by category and state. */
export default function ProductsPage() {
  const { t } = useTranslation();
  const [params, update] = useAddressFilters();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 400);
  const categories = useQuery(adminCategoriesQuery);
  const filters: ProductFilters = {
    q,
    category: params.get('category') ?? undefined,
    active: STATES.find((s) => s === params.get('active')),
  };
  const query = useInfiniteQuery(adminProductsQuery(filters));
  const names = new Map(categories.data?.items.map((c) => [c.slug, c.name]));

  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="products-title">
      <AdminPageHeader titleId="products-title" title={t('admin.products.title')}>
        <p>{t('admin.products.intro')}</p>
      </AdminPageHeader>

      <div className="flex flex-wrap gap-2">
        <Link to="/admin/products/new" className={buttonClass('primary', 'w-full sm:w-auto')}>
          {t('admin.products.new')}
        </Link>
        <Link to="/admin/categories" className={buttonClass('secondary', 'w-full sm:w-auto')}>
          {t('admin.categories.title')}
        </Link>
      </div>

      <form role="search" onSubmit={(event) => event.preventDefault()} className="grid gap-3 sm:grid-cols-2">
        <SearchField
          id="products-search"
          label={t('admin.products.searchLabel')}
          value={text}
          onChange={(value) => {
            setText(value);
            update('q', value.trim() || undefined);
          }}
          placeholder={t('admin.products.searchPlaceholder')}
          className="sm:col-span-2"
        />
        <SelectField
          id="products-category"
          label={t('admin.products.categoryLabel')}
          value={filters.category ?? ''}
          onChange={(event) => update('category', event.target.value || undefined)}
          options={[
            { value: '', label: t('admin.products.allCategories') },
            ...(categories.data?.items.map((c) => ({
              value: c.slug,
              label: c.active ? c.name : t('admin.categories.inactiveName', { name: c.name }),
            })) ?? []),
          ]}
        />
        <SelectField
          id="products-active"
          label={t('admin.products.stateLabel')}
          value={filters.active ?? ''}
          onChange={(event) => update('active', event.target.value || undefined)}
          options={[
            { value: '', label: t('admin.products.allStates') },
            { value: 'true', label: t('admin.products.onSale') },
            { value: 'false', label: t('admin.products.offSale') },
          ]}
        />
      </form>

      <PagedList
        refresh
        query={query}
        label={t('admin.products.title')}
        loadingLabel={t('admin.products.loading')}
        emptyText={q || filters.category || filters.active ? t('admin.products.noMatch') : t('admin.products.empty')}
        shown={(count) => t('admin.products.shown', { count })}
      >
        {(product) => (
          <ProductCard
            key={product.id}
            product={product}
            categoryName={names.get(product.category) ?? product.category}
          />
        )}
      </PagedList>
    </section>
  );
}
