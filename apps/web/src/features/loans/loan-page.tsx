import type { Payment } from '@ecogrid/core/payments';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/ui/back-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import {
  failedForGood,
  LastUpdated,
  NotAvailableOffline,
  unavailableOffline,
} from '@/components/ui/offline-notice.tsx';
import { Arrears, LoanStatusBadge } from '@/components/ui/loan-status.tsx';
import { Part } from '@/components/ui/part.tsx';
import { PhoneApproval } from '@/components/ui/phone-approval.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { formatUgx } from '@/lib/money.ts';
import { DownloadLink } from '@/components/ui/download-link.tsx';
import { loanQuery, loanStatementUrl, type Loan, type LoanPayment } from './api.ts';
import { LoanPayments } from './components/loan-payments.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { LoanTerms } from './components/loan-terms.tsx';
import { PAY_FOCUS, PayLoan } from './components/pay-loan.tsx';
import { ScheduleTable } from './components/schedule-table.tsx';
import { Tokens } from './components/tokens.tsx';
import { WithdrawApplication } from './components/withdraw-application.tsx';
import { ExtendLoan } from './components/extend-loan.tsx';
import { PayOffEarly } from './components/pay-off-early.tsx';
import { ScheduleHistory } from './components/schedule-history.tsx';
import { useFormats } from '@/lib/formats.ts';
import { WarrantyState } from './components/warranty-state.tsx';
import { today } from './format.ts';

/** A payment made on this page has settled: what happened, focused so a screen reader hears it. */
function Outcome({ payment, loan, onAgain }: { payment: LoanPayment; loan: Loan; onAgain: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const ok = payment.status === 'successful';
  return (
    <div
      role="status"
      className={`space-y-2 rounded-lg border p-4 ${ok ? 'border-brand-100 bg-brand-50' : 'border-red-200 bg-red-50'}`}
    >
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {ok ? t('loans.outcome.paidTitle', { amount: formatUgx(payment.amount) }) : t('loans.outcome.failedTitle')}
      </h2>
      <p>
        {!ok
          ? t('loans.outcome.failedBody')
          : loan.status === 'completed'
            ? t('loans.outcome.paidOff')
            : t('loans.outcome.owed', { amount: formatUgx(loan.outstanding) })}
      </p>
      {!ok && (
        <Button variant="secondary" onClick={onAgain}>
          {t('loans.outcome.again')}
        </Button>
      )}
    </div>
  );
}

/** Where the loan stands, in a sentence for each status. */
function StatusNote({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const text =
    loan.status === 'approved' && loan.depositDueBy
      ? t('loans.note.approvedBy', { amount: formatUgx(loan.deposit), date: formats.day(loan.depositDueBy) })
      : loan.status === 'cancelled' && loan.decisionNote
        ? t('loans.note.cancelledBecause', { reason: loan.decisionNote.replace(/[.!?]\s*$/, '') })
        : t(`loans.note.${loan.status}`, { amount: formatUgx(loan.deposit) });
  return <p className="rounded-lg border border-stone-200 bg-white p-3">{text}</p>;
}

function Details({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const formats = useFormats();
  // The payment started here, followed until it settles (the live 'loan' and 'payment' events
  // refetch the loan; failing those it is asked for every 5 s while a payment is pending).
  const [started, setStarted] = useState<Payment | null>(null);
  const watched =
    started && (loan.payments.find((p) => p.id === started.id) ?? { ...started, kind: 'repayment', feesPaid: 0 });
  const pending = loan.payments.find((p) => p.status === 'pending') ?? (watched?.status === 'pending' ? watched : null);
  const payable = (loan.status === 'approved' || loan.status === 'active' || loan.status === 'defaulted') && !pending;
  const changeable = (loan.status === 'active' || loan.status === 'defaulted') && !pending;
  const withdrawable = (loan.status === 'approved' || loan.status === 'pending_approval') && !pending;
  const [withdrawn, setWithdrawn] = useState(false);
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (withdrawn) done.current?.focus();
  }, [withdrawn]);
  return (
    <>
      {withdrawn && (
        <p
          ref={done}
          tabIndex={-1}
          role="status"
          className="rounded-lg border border-brand-100 bg-brand-50 p-3 font-medium"
        >
          {t('loans.withdraw.done')}
        </p>
      )}
      <StatusNote loan={loan} />
      {loan.daysPastDue > 0 && loan.nextDue && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          <Arrears days={loan.daysPastDue} />{' '}
          {t('loans.arrearsBody', { amount: formatUgx(loan.nextDue.amount), date: formats.day(loan.nextDue.dueDate) })}
        </p>
      )}
      <dl className="space-y-1 rounded-lg border border-stone-200 bg-white p-4">
        <Fact variant="figure" term={t('loans.outstanding')}>
          <span className="text-lg font-semibold">{formatUgx(loan.outstanding)}</span>
        </Fact>
        <Fact variant="figure" term={t('loans.paid')}>
          {formatUgx(loan.paid)}
        </Fact>
        {loan.nextDue && (
          <Fact variant="figure" term={t('loans.nextDue')}>
            {t('loans.dueOn', { amount: formatUgx(loan.nextDue.amount), date: formats.day(loan.nextDue.dueDate) })}
          </Fact>
        )}
      </dl>
      {pending ? (
        <PhoneApproval
          method={pending.method}
          reference={pending.reference}
          keepOpen={t('loans.waiting.keepOpen')}
          focus={pending.id === started?.id}
        >
          {t('loans.waiting.approve', { amount: formatUgx(pending.amount), number: loan.number })}
        </PhoneApproval>
      ) : (
        watched && (
          <Outcome
            payment={watched}
            loan={loan}
            onAgain={() => {
              setStarted(null);
              requestAnimationFrame(() => document.getElementById(PAY_FOCUS)?.focus());
            }}
          />
        )
      )}
      {payable && <PayLoan key={`${loan.status}-${loan.outstanding}`} loan={loan} onStarted={setStarted} />}
      {withdrawable && <WithdrawApplication loan={loan} onWithdrawn={() => setWithdrawn(true)} />}
      <DownloadLink href={loanStatementUrl(loan.id)}>{t('loans.statement')}</DownloadLink>
      {changeable && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <ExtendLoan loan={loan} />
          <PayOffEarly loan={loan} onStarted={setStarted} />
        </div>
      )}
      <Tokens tokens={loan.tokens} />
      <Part id="schedule-title" title={t('loans.schedule.title')}>
        {loan.schedule.length > 0 ? (
          <ScheduleTable schedule={loan.schedule} today={today()} />
        ) : (
          <p className="text-stone-700">{t('loans.schedule.notYet')}</p>
        )}
      </Part>
      {loan.startDate && <ScheduleHistory loanId={loan.id} />}
      <Part id="payments-title" title={t('loans.payments.title')}>
        <LoanPayments payments={loan.payments} />
      </Part>
      <Part id="terms-title" title={t('loans.termsTitle', { plan: loan.planName })}>
        <div className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
          <LoanTerms terms={loan} />
          <p className="text-sm text-stone-700">
            {loan.deviceSerial ? t('loans.device', { serial: loan.deviceSerial }) : t('loans.noDevice')}
          </p>
          {loan.warrantyUntil ? (
            <p className="text-sm text-stone-700">
              <WarrantyState until={loan.warrantyUntil} />
            </p>
          ) : null}
        </div>
      </Part>
    </>
  );
}

/**
 * /customer/loan/:id: one loan — where it stands, what is owed and when, any arrears, paying
 * the deposit or repaying, the device tokens, the schedule and the payments.
 */
export default function LoanPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(loanQuery(id));
  const loan = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const final = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
  return (
    <section className="mx-auto max-w-2xl space-y-5 p-4" aria-labelledby="loan-title">
      <header className="space-y-2">
        <BackLink to="/customer/loan">{t('loans.backToList')}</BackLink>
        <h1 id="loan-title" className="text-2xl font-bold break-words">
          {loan ? loan.productName : t('loans.one')}
        </h1>
        {loan && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
            <LoanStatusBadge status={loan.status} />
            <span>{t('loans.numberAndPlan', { number: loan.number, plan: loan.planName })}</span>
          </p>
        )}
      </header>
      <LastUpdated query={query} />
      {unavailableOffline(query) ? (
        <NotAvailableOffline />
      ) : query.isPending ? (
        <SkeletonList label={t('loans.loadingOne')} count={3} />
      ) : failedForGood(query) || query.data === undefined ? (
        <div className="space-y-2">
          <FormAlert>{notFound ? t('loans.notFound') : query.error?.message}</FormAlert>
          {!final && (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('loans.retry')}
            </Button>
          )}
        </div>
      ) : (
        <Details loan={query.data} />
      )}
    </section>
  );
}
