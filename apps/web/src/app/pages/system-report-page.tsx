import { isAdmin } from '@ecogrid/core/roles';
import { useTranslation } from 'react-i18next';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { useSession } from '@/features/auth/api.ts';
import { SystemReportDownloads } from '@/features/reports/system-report-downloads.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

/**
 * /system-report-pdf (public): a signed-in admin (with their authenticator) downloads every
 * report over the days they pick; anyone else the public summary, prices and service status.
 */
export default function SystemReportPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.systemReport'));
  const session = useSession();
  const user = session.data?.user;
  return (
    <section className="mx-auto max-w-2xl space-y-4 p-4" aria-labelledby="system-report-title">
      <h1 id="system-report-title" className="text-2xl font-bold">
        {t('pages.systemReport')}
      </h1>
      {session.isPending ? (
        <SkeletonList label={t('reports.loading')} count={1} />
      ) : (
        <SystemReportDownloads admin={Boolean(user && isAdmin(user.userType) && user.twoFactorEnabled)} />
      )}
    </section>
  );
}
