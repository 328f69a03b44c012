import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { tabIds, Tabs } from '@/components/admin/tabs.tsx';
import { useAddressFilters } from '@/lib/use-address-filters.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { APPROVAL_TABS, approvalsQuery, viewerQuery, type ApprovalStatus } from './api.ts';
import { ApprovalCard } from './approval-card.tsx';
import { ThresholdForm } from './threshold-form.tsx';

const DEFAULT_STATUS: ApprovalStatus = 'pending';

/**
 * /admin/approvals: refunds and write-offs above the four-eyes threshold, waiting for a second
 * staff member (oldest first), and those approved or declined, with both names.
 */
export default function ApprovalsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.approvals.title'));
  const viewerId = useQuery(viewerQuery).data;
  const [params, update] = useAddressFilters();
  const status = APPROVAL_TABS.find((s) => s === params.get('status')) ?? DEFAULT_STATUS;
  const query = useQuery(approvalsQuery(status));
  const ids = tabIds('approval-status', status);
  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="approvals-title">
      <AdminPageHeader titleId="approvals-title" title={t('admin.approvals.title')}>
        <p>{t('admin.approvals.intro')}</p>
      </AdminPageHeader>
      <ThresholdForm />
      <Tabs
        label={t('admin.approvals.statusLabel')}
        idPrefix="approval-status"
        tabs={APPROVAL_TABS.map((id) => ({ id, label: t(`admin.approvals.status.${id}`) }))}
        value={status}
        onChange={(next) => update('status', next === DEFAULT_STATUS ? undefined : next)}
      />
      <div id={ids.panel} role="tabpanel" aria-labelledby={ids.tab} className="space-y-4">
        <AdminQuery query={query} loadingLabel={t('admin.approvals.loading')}>
          {(items) =>
            items.length === 0 ? (
              <p role="status">{t(`admin.approvals.empty.${status}`)}</p>
            ) : (
              <ul className="space-y-3" aria-label={t(`admin.approvals.status.${status}`)}>
                {items.map((approval) => (
                  <ApprovalCard key={approval.id} approval={approval} viewerId={viewerId} />
                ))}
              </ul>
            )
          }
        </AdminQuery>
      </div>
    </section>
  );
}
