import type { KycStatus } from '@ecogrid/core/kyc';
import type { OrderSummary } from '@ecogrid/core/orders';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { KycStatusBadge } from '@/components/ui/kyc-status.tsx';
import { Arrears } from '@/components/ui/loan-status.tsx';
import { OrderStatusBadge } from '@/components/ui/order-status.tsx';
import { Part } from '@/components/ui/part.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { loanPath, type Dashboard, type DashboardLoan } from '../api.ts';

/** The earliest amount due, how late any payment is, and Pay now. */
export function NextPayment({ next, daysLate }: { next: Dashboard['nextPayment']; daysLate: number }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (!next) return null;
  return (
    <Part id="next-payment-title" title={t('dashboard.next.title')} className="space-y-2 rounded-xl bg-brand-50 p-4">
      <p className="text-2xl font-bold tabular-nums">{formatUgx(next.amount)}</p>
      <p>{t('dashboard.next.due', { date: formats.day(next.dueDate), loan: next.loanNumber })}</p>
      {daysLate > 0 && (
        <p>
          <Arrears days={daysLate} />
        </p>
      )}
      <Link to={loanPath(next.loanId)} className={buttonClass('primary', 'w-full sm:w-auto')}>
        {t('dashboard.payNow')}
      </Link>
    </Part>
  );
}

function LoanProgress({ loan }: { loan: DashboardLoan }) {
  const { t } = useTranslation();
  const percent = loan.totalCost > 0 ? Math.round((loan.paid / loan.totalCost) * 100) : 100;
  const nameId = `loan-progress-${loan.id}`;
  return (
    <li className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
      <Link
        id={nameId}
        to={loanPath(loan.id)}
        className="font-semibold break-words text-brand-800 underline-offset-2 hover:underline"
      >
        {loan.productName}
      </Link>
      <div
        role="progressbar"
        aria-labelledby={nameId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('dashboard.loans.percentPaid', { percent })}
        className="h-3 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm">
        {t('dashboard.loans.paidOfTotal', { paid: formatUgx(loan.paid), total: formatUgx(loan.totalCost) })}
      </p>
      <p className="text-sm text-stone-700">{t('dashboard.loans.owed', { owed: formatUgx(loan.owed) })}</p>
    </li>
  );
}

/** Each running loan's progress: paid against the whole cost, and what is still owed. */
export function LoansProgress({ loans }: { loans: DashboardLoan[] }) {
  const { t } = useTranslation();
  if (loans.length === 0) return null;
  return (
    <Part id="loans-progress-title" title={t('dashboard.loans.title')}>
      <ul className="space-y-3">
        {loans.map((loan) => (
          <LoanProgress key={loan.id} loan={loan} />
        ))}
      </ul>
    </Part>
  );
}

/** Orders not yet delivered, each with its status. */
export function OrdersOnTheirWay({ orders }: { orders: OrderSummary[] }) {
  const { t } = useTranslation();
  if (orders.length === 0) return null;
  return (
    <Part id="orders-on-the-way-title" title={t('dashboard.orders.title')}>
      <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white">
        {orders.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <Link
              to={`/my-orders/${encodeURIComponent(order.id)}`}
              className="min-w-0 font-medium break-words text-brand-800 underline-offset-2 hover:underline"
            >
              {t('dashboard.orders.item', { number: order.number, item: order.firstItem })}
            </Link>
            <OrderStatusBadge status={order.status} />
          </li>
        ))}
      </ul>
    </Part>
  );
}

/** The wallet balance and the identity check, side by side from 640 px. */
export function WalletAndIdentity({
  balance,
  kyc,
}: {
  balance: number;
  kyc: { status: KycStatus; completion: number };
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Part
        id="wallet-title"
        title={t('dashboard.wallet.title')}
        className="space-y-1 rounded-xl border border-stone-200 bg-white p-4"
      >
        <p className="text-2xl font-bold tabular-nums">{formatUgx(balance)}</p>
        <Link to="/customer/wallet" className="font-medium text-brand-800 underline underline-offset-2">
          {t('dashboard.wallet.open')}
        </Link>
      </Part>
      <Part
        id="kyc-title"
        title={t('dashboard.kyc.title')}
        className="space-y-2 rounded-xl border border-stone-200 bg-white p-4"
      >
        <p className="flex flex-wrap items-center gap-2">
          <KycStatusBadge status={kyc.status} />
          {kyc.status !== 'verified' && <span>{t('dashboard.kyc.done', { percent: kyc.completion })}</span>}
        </p>
        {(kyc.status === 'pending' || kyc.status === 'rejected') && (
          <Link to="/kyc" className="font-medium text-brand-800 underline underline-offset-2">
            {t('dashboard.kyc.finish')}
          </Link>
        )}
      </Part>
    </div>
  );
}

/** The customer's support tickets not resolved yet, with the way to them (or to ask for help). */
export function OpenTickets({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Part
      id="tickets-title"
      title={t('dashboard.tickets.title')}
      className="space-y-1 rounded-xl border border-stone-200 bg-white p-4"
    >
      <p>{count === 0 ? t('dashboard.tickets.none') : t('dashboard.tickets.open', { count })}</p>
      <Link to="/support/tickets" className="font-medium text-brand-800 underline underline-offset-2">
        {t(count === 0 ? 'dashboard.tickets.help' : 'dashboard.tickets.see')}
      </Link>
    </Part>
  );
}
