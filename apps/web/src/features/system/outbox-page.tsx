import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressFilters } from '@/lib/use-address-filters.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { outboxQuery, type OutboxChannel, type OutboxDelivery } from './api.ts';
import { OutboxItem } from './outbox-item.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { SearchField } from '@/components/admin/search-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';

const asChannel = (value: string | null): OutboxChannel | undefined =>
  value === 'email' || value === 'sms' ? value : undefined;
const DELIVERIES: OutboxDelivery[] = ['failed', 'pending', 'delivered'];
const asDelivery = (value: string | null) => DELIVERIES.find((d) => d === value);

/**
 * /admin/outbox: email and SMS as written. Without a mail or SMS provider the messages stay
 * here, whole, and this is where an operator reads a sign-in code or link to pass on.
 */
export default function OutboxPage() {
  const { t } = useTranslation();
  const [params, update] = useAddressFilters();
  const channel = asChannel(params.get('channel'));
  const delivery = asDelivery(params.get('delivery'));
  const [text, setText] = useState(params.get('recipient') ?? '');
  const recipient = useDebounced(text.trim(), 400);
  const query = useInfiniteQuery(outboxQuery({ channel, delivery, recipient }));

  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="outbox-title">
      <AdminPageHeader titleId="outbox-title" title={t('admin.outbox.title')}>
        <p>{t('admin.outbox.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>

      <form
        role="search"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-3 sm:grid-cols-[12rem_12rem_1fr]"
      >
        <SelectField
          id="outbox-channel"
          label={t('admin.outbox.channelLabel')}
          value={channel ?? ''}
          onChange={(event) => update('channel', event.target.value || undefined)}
          options={[
            { value: '', label: t('admin.outbox.allChannels') },
            { value: 'email', label: t('admin.outbox.channel.email') },
            { value: 'sms', label: t('admin.outbox.channel.sms') },
          ]}
        />
        <SelectField
          id="outbox-delivery"
          label={t('admin.outbox.deliveryLabel')}
          value={delivery ?? ''}
          onChange={(event) => update('delivery', event.target.value || undefined)}
          options={[
            { value: '', label: t('admin.outbox.allDeliveries') },
            ...DELIVERIES.map((value) => ({ value, label: t(`admin.outbox.delivery.${value}`) })),
          ]}
        />
        <SearchField
          id="outbox-recipient"
          label={t('admin.outbox.recipientLabel')}
          value={text}
          onChange={(value) => {
            setText(value);
            update('recipient', value.trim() || undefined);
          }}
          hint={t('admin.outbox.recipientHint')}
          maxLength={200}
        />
      </form>

      <PagedList
        refresh
        query={query}
        label={t('admin.outbox.title')}
        loadingLabel={t('admin.outbox.loading')}
        emptyText={channel || delivery || recipient ? t('admin.outbox.noMatch') : t('admin.outbox.empty')}
      >
        {(message) => <OutboxItem key={message.id} message={message} />}
      </PagedList>
    </section>
  );
}
