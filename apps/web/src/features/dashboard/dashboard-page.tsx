import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import {
  failedForGood,
  LastUpdated,
  NotAvailableOffline,
  unavailableOffline,
} from '@/components/ui/offline-notice.tsx';
import { Part } from '@/components/ui/part.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { dashboardQuery, type Dashboard } from './api.ts';
import { DeviceCard } from './components/device-card.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import {
  LoansProgress,
  NextPayment,
  OpenTickets,
  OrdersOnTheirWay,
  WalletAndIdentity,
} from './components/money-parts.tsx';

function Content({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const nothingYet = data.devices.length === 0 && data.loans.length === 0 && data.ordersOnTheirWay.length === 0;
  return (
    <>
      {data.devices.length > 0 && (
        <Part id="devices-title" title={t('dashboard.devices')}>
          <ul className="space-y-4">
            {data.devices.map((device) => (
              <DeviceCard key={device.loanId} device={device} />
            ))}
          </ul>
        </Part>
      )}
      <NextPayment next={data.nextPayment} daysLate={data.daysLate} />
      <LoansProgress loans={data.loans} />
      <OrdersOnTheirWay orders={data.ordersOnTheirWay} />
      {nothingYet && (
        <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
          <p>{t('dashboard.empty')}</p>
          <Link to="/marketplace" className={buttonClass('primary', 'w-full sm:w-auto')}>
            {t('dashboard.browse')}
          </Link>
        </div>
      )}
      <WalletAndIdentity balance={data.walletBalance} kyc={data.kyc} />
      <OpenTickets count={data.openTickets} />
    </>
  );
}

/**
 * /customer-dashboard, /mobile-dashboard and /customer: the customer's home. Each unit's days of
 * power and newest token come first, as that is what a customer opens the app for; then what is
 * due, the loans, orders on their way, the wallet and the identity check. Opens without a network
 * showing what was last seen, and when.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.customerDashboard'));
  const dashboard = useQuery(dashboardQuery);
  return (
    <section className="mx-auto max-w-xl space-y-6 p-4" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-bold">
        {t('pages.customerDashboard')}
      </h1>
      {unavailableOffline(dashboard) ? (
        <NotAvailableOffline />
      ) : dashboard.isPending ? (
        <SkeletonList label={t('dashboard.loading')} count={3} />
      ) : failedForGood(dashboard) || dashboard.data === undefined ? (
        <RetryAlert
          message={dashboard.error?.message}
          retryLabel={t('dashboard.retry')}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <div className="space-y-6" aria-busy={dashboard.isFetching}>
          <LastUpdated query={dashboard} />
          <Content data={dashboard.data} />
        </div>
      )}
    </section>
  );
}
