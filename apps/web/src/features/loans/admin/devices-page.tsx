import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '@/lib/use-debounced.ts';
import { DeviceImport } from './device-import.tsx';
import { DeviceItem } from './device-item.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { SearchField } from '@/components/admin/search-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { DEVICE_STATUSES, deviceProductsQuery, devicesQuery, type DeviceStatus } from './devices-api.ts';
import { useAddressFilters } from '@/lib/use-address-filters.ts';

const asStatus = (value: string | null): DeviceStatus | undefined => DEVICE_STATUSES.find((status) => status === value);
/** What the server takes as (the start of) a serial number. */
const SERIAL = /^[A-Za-z0-9-]{1,40}$/;

/**
 * /admin/devices: the pay-as-you-go device registry. Admins import the manufacturer's file, find
 * a device by its serial number (support calls start with it), see the loan it went to and its
 * tokens, and issue a token by hand.
 */
export default function DevicesPage() {
  const { t } = useTranslation();
  const [params, update] = useAddressFilters();
  const status = asStatus(params.get('status'));
  const [text, setText] = useState(params.get('serial') ?? '');
  const typed = useDebounced(text.trim(), 400);
  const badSerial = typed !== '' && !SERIAL.test(typed);
  const serial = typed && !badSerial ? typed : undefined;
  const productId = params.get('product') ?? undefined;
  const products = useQuery(deviceProductsQuery);
  const query = useInfiniteQuery(devicesQuery({ serial, status, productId }));

  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="devices-title">
      <AdminPageHeader titleId="devices-title" title={t('adminLoans.devices.title')}>
        <p>{t('adminLoans.devices.intro')}</p>
      </AdminPageHeader>

      <section aria-labelledby="device-import-title" className="space-y-3">
        <h2 id="device-import-title" className="text-lg font-semibold">
          {t('adminLoans.devices.importTitle')}
        </h2>
        <DeviceImport />
      </section>

      <section aria-labelledby="device-list-title" className="space-y-4">
        <h2 id="device-list-title" className="text-lg font-semibold">
          {t('adminLoans.devices.listTitle')}
        </h2>
        <form
          role="search"
          onSubmit={(event) => event.preventDefault()}
          className="grid gap-3 sm:grid-cols-[1fr_14rem_14rem]"
        >
          <SearchField
            id="device-serial"
            label={t('adminLoans.devices.serialLabel')}
            value={text}
            onChange={(value) => {
              setText(value);
              update('serial', value.trim() || undefined);
            }}
            hint={t('adminLoans.devices.serialHint')}
            error={badSerial ? t('adminLoans.devices.invalidSerial') : undefined}
            maxLength={40}
            autoCapitalize="characters"
            inputClassName="font-mono"
          />
          <SelectField
            id="device-status"
            label={t('adminLoans.devices.statusLabel')}
            value={status ?? ''}
            onChange={(event) => update('status', event.target.value || undefined)}
            options={[
              { value: '', label: t('adminLoans.devices.allStatuses') },
              ...DEVICE_STATUSES.map((value) => ({ value, label: t(`adminLoans.devices.status.${value}`) })),
            ]}
          />
          <SelectField
            id="device-product"
            label={t('adminLoans.devices.productLabel')}
            value={productId ?? ''}
            onChange={(event) => update('product', event.target.value || undefined)}
            options={[
              { value: '', label: t('adminLoans.devices.allProducts') },
              ...(products.data ?? []).map((product) => ({
                value: product.id,
                label: t('adminLoans.devices.productOption', {
                  name: product.name,
                  sku: product.sku,
                  count: product.inStock,
                }),
              })),
            ]}
          />
        </form>

        <PagedList
          refresh
          query={query}
          label={t('adminLoans.devices.listTitle')}
          loadingLabel={t('adminLoans.devices.loading')}
          emptyText={serial || status || productId ? t('adminLoans.devices.noMatch') : t('adminLoans.devices.empty')}
        >
          {(device) => <DeviceItem key={device.id} device={device} />}
        </PagedList>
      </section>
    </section>
  );
}
