import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import {
  failedForGood,
  LastUpdated,
  NotAvailableOffline,
  unavailableOffline,
} from '@/components/ui/offline-notice.tsx';
import { Arrears, LoanStatusBadge } from '@/components/ui/loan-status.tsx';
import { formatUgx } from '@/lib/money.ts';
import { myLoansQuery, type LoanSummary } from './api.ts';
import { Fact } from '@/components/ui/fact.tsx';
import { useFormats } from '@/lib/formats.ts';

/** What checkout leaves when it brings the customer here. */
export type LoansPageState = {
  /** How many loans the application made. */
  applied?: number;
  /** A deposit waits for approval on the phone. */
  waiting?: boolean;
  /** The cash order placed in the same checkout. */
  order?: { id: string; number: string; pending: boolean } | null;
} | null;

export const loanPath = (id: string) => `/customer/loan/${encodeURIComponent(id)}`;

function LoanItem({ loan }: { loan: LoanSummary }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <li className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
      <h2 className="text-lg font-semibold break-words">
        <Link to={loanPath(loan.id)} className="text-brand-800 underline-offset-2 hover:underline">
          {loan.productName}
        </Link>
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <LoanStatusBadge status={loan.status} />
        <span>{t('loans.numberAndPlan', { number: loan.number, plan: loan.planName })}</span>
      </p>
      <dl className="space-y-1 text-sm">
        <Fact variant="figure" term={t('loans.outstanding')}>
          {formatUgx(loan.outstanding)}
        </Fact>
        {loan.nextDue && (
          <Fact variant="figure" term={t('loans.nextDue')}>
            {t('loans.dueOn', { amount: formatUgx(loan.nextDue.amount), date: formats.day(loan.nextDue.dueDate) })}
          </Fact>
        )}
        {loan.daysPastDue > 0 && (
          <Fact variant="figure" term={t('loans.arrearsTitle')}>
            <Arrears days={loan.daysPastDue} />
          </Fact>
        )}
      </dl>
    </li>
  );
}

/** Said once on arrival from checkout: the application, a deposit to approve on the phone, the cash order. */
function Arrival({ state }: { state: NonNullable<LoansPageState> }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      className="space-y-2 rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-950"
    >
      {state.applied ? <p className="font-semibold">{t('loans.arrival.applied', { count: state.applied })}</p> : null}
      {state.waiting && <p>{t('loans.arrival.waiting')}</p>}
      {state.order && (
        <p>
          {state.order.pending
            ? t('loans.arrival.orderWaiting', { number: state.order.number })
            : t('loans.arrival.orderPaid', { number: state.order.number })}{' '}
          <Link
            to={`/my-orders/${encodeURIComponent(state.order.id)}`}
            className="font-medium text-brand-800 underline"
          >
            {t('loans.arrival.viewOrder', { number: state.order.number })}
          </Link>
        </p>
      )}
    </div>
  );
}

/**
 * /customer/loan: the customer's loans, newest first, each with its status, what is still owed,
 * the next payment and any arrears; each opens to its schedule, payments and device tokens.
 */
export default function LoansPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [arrival] = useState(() => location.state as LoansPageState);
  const query = useQuery(myLoansQuery);
  return (
    <section className="mx-auto max-w-2xl space-y-5 p-4" aria-labelledby="loans-title">
      <h1 id="loans-title" className="text-2xl font-bold">
        {t('loans.title')}
      </h1>
      {arrival && <Arrival state={arrival} />}
      <LastUpdated query={query} />
      {unavailableOffline(query) ? (
        <NotAvailableOffline />
      ) : query.isPending ? (
        <SkeletonList label={t('loans.loading')} count={3} />
      ) : failedForGood(query) || query.data === undefined ? (
        <div className="space-y-2">
          <FormAlert>{query.error?.message}</FormAlert>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('loans.retry')}
          </Button>
        </div>
      ) : query.data.loans.length === 0 ? (
        <div role="status" className="space-y-4 rounded-lg border border-stone-200 bg-white p-6 text-center">
          <p className="text-lg">{t('loans.empty')}</p>
          <p className="text-stone-700">{t('loans.emptyHint')}</p>
          <Link to="/marketplace" className={buttonClass()}>
            {t('loans.browse')}
          </Link>
        </div>
      ) : (
        <ul className="space-y-3" aria-labelledby="loans-title">
          {query.data.loans.map((loan) => (
            <LoanItem key={loan.id} loan={loan} />
          ))}
        </ul>
      )}
    </section>
  );
}
