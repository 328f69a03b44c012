import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '@/components/admin/admin-error.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { LocationDetail } from './location-detail.tsx';
import { LocationForm } from './location-form.tsx';
import { stockLocationsQuery } from './stock-api.ts';
import { TransferForm } from './transfer-form.tsx';

/**
 * /admin/stock: where the units are. Every location (warehouses, shops, agents) with the units it
 * holds; one location's stock and history; moving units between locations; adding a location.
 */
export default function StockPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.stockPlaces.title'));
  const locations = useQuery(stockLocationsQuery);
  const [shown, setShown] = useState<string | null>(null);
  const list = locations.data ?? [];
  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="stock-title">
      <AdminPageHeader titleId="stock-title" title={t('admin.stockPlaces.title')}>
        <p>{t('admin.stockPlaces.intro')}</p>
      </AdminPageHeader>
      {locations.isPending ? (
        <SkeletonList label={t('admin.stockPlaces.loading')} />
      ) : locations.isError ? (
        <AdminError error={locations.error} onRetry={() => void locations.refetch()} />
      ) : (
        <>
          <ul
            aria-label={t('admin.stockPlaces.listLabel')}
            className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
          >
            {list.map((location) => (
              <li key={location.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="min-w-0">
                  <span className="block font-medium break-words">{location.name}</span>
                  <span className="block text-sm text-stone-700">
                    {location.isMain ? t('admin.stockPlaces.main') : t(`admin.stockPlaces.kinds.${location.kind}`)}
                    {location.district ? ` · ${location.district}` : ''} ·{' '}
                    {t('admin.stockPlaces.units', { count: location.units })}
                  </span>
                </span>
                <button
                  type="button"
                  aria-pressed={shown === location.id}
                  onClick={() => setShown((now) => (now === location.id ? null : location.id))}
                  className="min-h-11 rounded-lg border border-stone-300 px-3 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-800"
                >
                  {t('admin.stockPlaces.show', { name: location.name })}
                </button>
              </li>
            ))}
          </ul>
          {shown && <LocationDetail id={shown} />}
          <TransferForm locations={list} />
          <LocationForm locations={list} />
        </>
      )}
    </section>
  );
}
