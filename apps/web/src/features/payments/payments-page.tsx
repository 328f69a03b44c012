import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '@ecogrid/core/payments';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressFilters } from '@/lib/use-address-filters.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { paymentsQuery, type PaymentFilters } from './api.ts';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { PaymentCard } from './payment-card.tsx';
import { SearchField } from '@/components/admin/search-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';

/** A filter value from the address, if it is one the list knows. */
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** /admin/payments: every payment, filtered by status, purpose and method, searched by reference, phone or customer. */
export default function PaymentsPage() {
  const { t } = useTranslation();
  const [params, update] = useAddressFilters();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 400);
  const filters: PaymentFilters = {
    status: oneOf(PAYMENT_STATUSES, params.get('status')),
    purpose: oneOf(PAYMENT_PURPOSES, params.get('purpose')),
    method: oneOf(PAYMENT_METHODS, params.get('method')),
    q,
  };
  const query = useInfiniteQuery(paymentsQuery(filters));

  const select = (key: 'status' | 'purpose' | 'method', values: readonly string[], all: string) => (
    <SelectField
      id={`payments-${key}`}
      label={t(`admin.payments.${key}Label`)}
      value={filters[key] ?? ''}
      onChange={(event) => update(key, event.target.value || undefined)}
      options={[{ value: '', label: all }, ...values.map((value) => ({ value, label: t(`payments.${key}.${value}`) }))]}
    />
  );

  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="payments-title">
      <AdminPageHeader titleId="payments-title" title={t('admin.payments.title')}>
        <p>{t('admin.payments.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>

      <form role="search" onSubmit={(event) => event.preventDefault()} className="grid gap-3 sm:grid-cols-3">
        <SearchField
          id="payments-search"
          label={t('admin.payments.searchLabel')}
          value={text}
          onChange={(value) => {
            setText(value);
            update('q', value.trim() || undefined);
          }}
          placeholder={t('admin.payments.searchPlaceholder')}
          className="sm:col-span-3"
        />
        {select('status', PAYMENT_STATUSES, t('admin.payments.allStatuses'))}
        {select('purpose', PAYMENT_PURPOSES, t('admin.payments.allPurposes'))}
        {select('method', PAYMENT_METHODS, t('admin.payments.allMethods'))}
      </form>

      <PagedList
        refresh
        query={query}
        label={t('admin.payments.title')}
        loadingLabel={t('admin.payments.loading')}
        emptyText={
          filters.status || filters.purpose || filters.method || q
            ? t('admin.payments.noMatch')
            : t('admin.payments.empty')
        }
        shown={(count) => t('admin.payments.shown', { count })}
      >
        {(payment) => <PaymentCard key={payment.id} payment={payment} />}
      </PagedList>
    </section>
  );
}
