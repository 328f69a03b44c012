import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { tabIds, Tabs } from '@/components/admin/tabs.tsx';
import { useAddressFilters } from '@/lib/use-address-filters.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { SUPPORT_STATUSES, supportRequestsQuery, type SupportStatus } from './api.ts';
import { SupportRequestCard } from './support-request-card.tsx';

const DEFAULT_STATUS: SupportStatus = 'open';

/**
 * /admin/support-requests: customers who asked on the USSD menu to be called back. Waiting ones
 * newest first, to call and mark handled; handled ones with who called back and their note.
 */
export default function SupportRequestsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.support.title'));
  const [params, update] = useAddressFilters();
  const status = SUPPORT_STATUSES.find((s) => s === params.get('status')) ?? DEFAULT_STATUS;
  const query = useQuery(supportRequestsQuery(status));
  const ids = tabIds('support-status', status);
  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="support-title">
      <AdminPageHeader titleId="support-title" title={t('admin.support.title')}>
        <p>{t('admin.support.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      <Tabs
        label={t('admin.support.statusLabel')}
        idPrefix="support-status"
        tabs={SUPPORT_STATUSES.map((id) => ({ id, label: t(`admin.support.status.${id}`) }))}
        value={status}
        onChange={(next) => update('status', next === DEFAULT_STATUS ? undefined : next)}
      />
      <div id={ids.panel} role="tabpanel" aria-labelledby={ids.tab} className="space-y-4">
        <AdminQuery query={query} loadingLabel={t('admin.support.loading')}>
          {(items) =>
            items.length === 0 ? (
              <p role="status">{t(`admin.support.empty.${status}`)}</p>
            ) : (
              <>
                <p role="status" className="text-sm text-stone-700">
                  {t('admin.support.shown', { count: items.length })}
                </p>
                <ul className="space-y-3" aria-label={t(`admin.support.status.${status}`)}>
                  {items.map((request) => (
                    <SupportRequestCard key={request.id} request={request} />
                  ))}
                </ul>
              </>
            )
          }
        </AdminQuery>
      </div>
    </section>
  );
}
