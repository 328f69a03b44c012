import { ORDER_STATUSES } from '@ecogrid/core/orders';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '@/lib/use-debounced.ts';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { DeliveryFeeSetting } from './delivery-fee-form.tsx';
import { OrderCard } from './order-card.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { SearchField } from '@/components/admin/search-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { adminOrdersQuery, type OrderFilters } from './api.ts';
import { useAddressFilters } from '@/lib/use-address-filters.ts';

/** /admin/orders: every order, filtered by status, searched by order number or customer; and the delivery fee. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const [params, update] = useAddressFilters();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 400);
  const filters: OrderFilters = { status: ORDER_STATUSES.find((s) => s === params.get('status')), q };
  const query = useInfiniteQuery(adminOrdersQuery(filters));

  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="orders-title">
      <AdminPageHeader titleId="orders-title" title={t('admin.orders.title')}>
        <p>{t('admin.orders.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>

      <DeliveryFeeSetting />

      <form role="search" onSubmit={(event) => event.preventDefault()} className="grid gap-3 sm:grid-cols-3">
        <SearchField
          id="orders-search"
          label={t('admin.orders.searchLabel')}
          value={text}
          onChange={(value) => {
            setText(value);
            update('q', value.trim() || undefined);
          }}
          placeholder={t('admin.orders.searchPlaceholder')}
          className="sm:col-span-2"
        />
        <SelectField
          id="orders-status"
          label={t('admin.orders.statusLabel')}
          value={filters.status ?? ''}
          onChange={(event) => update('status', event.target.value || undefined)}
          options={[
            { value: '', label: t('admin.orders.allStatuses') },
            ...ORDER_STATUSES.map((value) => ({ value, label: t(`orders.status.${value}`) })),
          ]}
        />
      </form>

      <PagedList
        refresh
        query={query}
        label={t('admin.orders.title')}
        loadingLabel={t('admin.orders.loading')}
        emptyText={filters.status || q ? t('admin.orders.noMatch') : t('admin.orders.empty')}
        shown={(count) => t('admin.orders.shown', { count })}
      >
        {(order) => <OrderCard key={order.id} order={order} />}
      </PagedList>
    </section>
  );
}
