import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { useFormats } from '@/lib/formats.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { openRepossessionsQuery, type Repossession } from './repossessions-api.ts';

/** One unit to take back: whose, which product and unit, the agent sent, why and since when. */
function RepossessionItem({ item }: { item: Repossession }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = `repossession-${item.id}-title`;
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
        <h2 id={titleId} className="font-semibold break-words">
          {item.customerName}
        </h2>
        <dl className="space-y-1 text-sm">
          <Fact term={t('adminLoans.followUps.loan')}>
            <Link to={`/admin/loans/${item.loanId}`} className="font-medium text-brand-800 underline">
              {item.loanNumber}
            </Link>
          </Fact>
          <Fact term={t('adminLoans.followUps.product')}>
            {item.productName}
            {item.deviceSerial && <span className="font-mono"> · {item.deviceSerial}</span>}
          </Fact>
          <Fact term={t('adminLoans.agent')}>{item.agentName ?? t('adminLoans.followUps.admins')}</Fact>
          <Fact term={t('adminLoans.repossess.reason')}>{item.reason}</Fact>
          <Fact term={t('adminLoans.repossess.since')}>
            <time dateTime={item.createdAt}>{formats.dateTime(item.createdAt)}</time>
          </Fact>
        </dl>
      </article>
    </li>
  );
}

/** /admin/repossessions: the units agents are still to take back, newest first. */
export default function RepossessionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('adminLoans.repossess.listTitle'));
  const query = useInfiniteQuery(openRepossessionsQuery);
  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="repossessions-title">
      <AdminPageHeader titleId="repossessions-title" title={t('adminLoans.repossess.listTitle')}>
        <p>{t('adminLoans.repossess.listIntro')}</p>
      </AdminPageHeader>
      <PagedList
        query={query}
        refresh
        label={t('adminLoans.repossess.listTitle')}
        loadingLabel={t('adminLoans.repossess.loading')}
        emptyText={t('adminLoans.repossess.noneOpen')}
        listClassName="space-y-3"
      >
        {(item) => <RepossessionItem key={item.id} item={item} />}
      </PagedList>
    </section>
  );
}
