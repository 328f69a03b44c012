import { useQuery } from '@tanstack/react-query';
import {
  failedForGood,
  LastUpdated,
  NotAvailableOffline,
  unavailableOffline,
} from '@/components/ui/offline-notice.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';
import { walletQuery } from './api.ts';
import { PendingPayments } from './components/pending-payments.tsx';
import { SandboxNotice } from './components/sandbox-notice.tsx';
import { Statement } from './components/statement.tsx';
import { StatementPdf } from '@/components/ui/statement-pdf.tsx';
import { TopUp } from './components/top-up.tsx';
import { Withdraw } from './components/withdraw.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';

function BalanceSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="animate-pulse space-y-3 rounded-xl border border-stone-200 bg-white p-4">
      <p role="status" className="sr-only">
        {t('wallet.loading')}
      </p>
      <div aria-hidden="true" className="h-4 w-1/3 rounded bg-stone-200" />
      <div aria-hidden="true" className="h-9 w-2/3 rounded bg-stone-200" />
    </div>
  );
}

/**
 * /customer/wallet: the balance, top-ups from mobile money (watched until approved), payments
 * still waiting, withdrawals to mobile money confirmed by a code, and the statement.
 */
export default function WalletPage() {
  const { t } = useTranslation();
  const wallet = useQuery(walletQuery);
  // The payment a form is watching shows there, not a second time in the waiting list.
  const [watching, setWatching] = useState<{ topUp: string | null; payout: string | null }>({
    topUp: null,
    payout: null,
  });

  return (
    <section className="mx-auto max-w-xl space-y-6 p-4" aria-labelledby="wallet-title">
      <h1 id="wallet-title" className="text-2xl font-bold">
        {t('pages.wallet')}
      </h1>
      {unavailableOffline(wallet) ? (
        <NotAvailableOffline />
      ) : wallet.isPending ? (
        <BalanceSkeleton />
      ) : failedForGood(wallet) || wallet.data === undefined ? (
        <RetryAlert
          message={wallet.error?.message}
          retryLabel={t('wallet.retry')}
          onRetry={() => void wallet.refetch()}
        />
      ) : (
        <>
          <LastUpdated query={wallet} />
          {wallet.data.sandbox && <SandboxNotice />}
          <div className="rounded-xl bg-brand-800 p-4 text-white" aria-busy={wallet.isFetching}>
            <p className="text-sm text-brand-100">{t('wallet.balance')}</p>
            <p className="text-3xl font-bold tabular-nums" data-testid="wallet-balance">
              {formatUgx(wallet.data.balance)}
            </p>
          </div>
          <PendingPayments
            payments={wallet.data.pending.filter((p) => p.id !== watching.topUp && p.id !== watching.payout)}
          />
          <section aria-labelledby="top-up-title" className="space-y-3">
            <h2 id="top-up-title" className="text-lg font-semibold">
              {t('wallet.topUp.title')}
            </h2>
            <TopUp wallet={wallet.data} onWatch={(topUp) => setWatching((old) => ({ ...old, topUp }))} />
          </section>
          {(wallet.data.balance > 0 || watching.payout) && (
            <section aria-labelledby="withdraw-title" className="space-y-3">
              <h2 id="withdraw-title" className="text-lg font-semibold">
                {t('wallet.withdraw.title')}
              </h2>
              <Withdraw wallet={wallet.data} onWatch={(payout) => setWatching((old) => ({ ...old, payout }))} />
            </section>
          )}
        </>
      )}
      <section aria-labelledby="statement-title" className="space-y-3">
        <h2 id="statement-title" className="text-lg font-semibold">
          {t('wallet.statement.title')}
        </h2>
        <Statement />
      </section>
      <section aria-labelledby="statement-pdf-title" className="space-y-3">
        <h2 id="statement-pdf-title" className="text-lg font-semibold">
          {t('wallet.statementPdf.title')}
        </h2>
        <StatementPdf href={(from, to) => `/api/wallet/statement.pdf?from=${from}&to=${to}`} />
      </section>
    </section>
  );
}
