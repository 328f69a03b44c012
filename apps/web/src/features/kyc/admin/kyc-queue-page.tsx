import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Fact } from '@/components/ui/fact.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { RefreshButton } from '@/components/admin/refresh-button.tsx';
import { tabIds, Tabs } from '@/components/admin/tabs.tsx';
import { useFormats } from '@/lib/formats.ts';
import { adminKycListQuery, type AdminKycSummary, type KycStatus } from './api.ts';
import { useAddressFilters } from '@/lib/use-address-filters.ts';

/** The tabs' order: the queue first, then the checks still being filled in, then the decided ones. */
const STATUS_TABS = ['submitted', 'pending', 'verified', 'rejected'] as const satisfies readonly KycStatus[];
const DEFAULT_STATUS: KycStatus = 'submitted';

/** One check: whose it is (the way in), the name and place on it, the ID type, and when it was sent or decided. */
function KycCard({ check }: { check: AdminKycSummary }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  const decided = check.status === 'verified' || check.status === 'rejected';
  const when = decided ? check.reviewedAt : check.submittedAt;
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
        <h2 id={titleId} className="text-base font-semibold break-words">
          <Link
            to={`/admin/kyc/${encodeURIComponent(check.userId)}`}
            className="inline-flex min-h-11 items-center text-brand-800 underline"
          >
            {check.name}
          </Link>
        </h2>
        {check.phone && <p className="text-sm text-stone-700">{check.phone}</p>}
        <dl className="space-y-1 text-sm">
          <Fact term={t('kycReview.legalName')}>{check.legalName ?? t('kycReview.notGiven')}</Fact>
          <Fact term={t('kycReview.district')}>{check.district ?? t('kycReview.notGiven')}</Fact>
          <Fact term={t('kycReview.idType')}>
            {check.idType ? t(`kycReview.idTypes.${check.idType}`) : t('kycReview.notGiven')}
          </Fact>
          <Fact term={decided ? t('kycReview.decided') : t('kycReview.submitted')}>
            {when ? <time dateTime={when}>{formats.stamp(when)}</time> : t('kycReview.notSubmitted')}
          </Fact>
        </dl>
      </article>
    </li>
  );
}

/**
 * /admin/kyc: identity checks by status. "Waiting for review" is the queue, oldest first, so
 * whoever has waited longest is looked at first; each check opens its review page.
 */
export default function KycQueuePage() {
  const { t } = useTranslation();
  const [params, update] = useAddressFilters();
  const status = STATUS_TABS.find((s) => s === params.get('status')) ?? DEFAULT_STATUS;
  const query = useInfiniteQuery(adminKycListQuery(status));
  const loaded = query.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  const ids = tabIds('kyc-status', status);

  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="kyc-title">
      <AdminPageHeader titleId="kyc-title" title={t('kycReview.title')}>
        <p>{t('kycReview.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>

      <Tabs
        label={t('kycReview.statusLabel')}
        idPrefix="kyc-status"
        tabs={STATUS_TABS.map((id) => ({ id, label: t(`kycReview.status.${id}`) }))}
        value={status}
        onChange={(next) => update('status', next === DEFAULT_STATUS ? undefined : next)}
      />

      <div id={ids.panel} role="tabpanel" aria-labelledby={ids.tab} className="space-y-4">
        <div className="flex justify-end">
          <RefreshButton query={query} />
        </div>
        <PagedList
          query={query}
          label={t(`kycReview.status.${status}`)}
          loadingLabel={t('kycReview.loading')}
          emptyText={t(`kycReview.empty.${status}`)}
          summary={
            <p role="status" className="text-sm text-stone-700">
              {query.isPlaceholderData ? t('kycReview.loading') : t('kycReview.shown', { count: loaded })}
            </p>
          }
        >
          {(check) => <KycCard key={check.userId} check={check} />}
        </PagedList>
      </div>
    </section>
  );
}
