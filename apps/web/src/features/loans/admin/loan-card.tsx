import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUgx } from '@/lib/money.ts';
import { useFormats } from '@/lib/formats.ts';
import type { LoanStatus, PortfolioLoan } from './api.ts';
import { Badge, StatusBadge, LOAN_STATUS_TONES } from '@/components/ui/badge.tsx';
import { Fact } from '@/components/ui/fact.tsx';

export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tones={LOAN_STATUS_TONES} status={status}>
      {t(`adminLoans.status.${status}`)}
    </StatusBadge>
  );
}

/** Days past due in words, flagged from the first day late and in red from 30 days (PAR30). */
export function DaysPastDue({ days }: { days: number }) {
  const { t } = useTranslation();
  if (days <= 0) return <span>{t('adminLoans.onTime')}</span>;
  return <Badge tone={days >= 30 ? 'bad' : 'warn'}>{t('adminLoans.daysLate', { count: days })}</Badge>;
}

type DueLoan = Pick<
  PortfolioLoan,
  'status' | 'daysPastDue' | 'nextDue' | 'deposit' | 'instalment' | 'frequency' | 'startDate'
>;

/**
 * The next instalment: its date and amount. A loan not started yet (waiting for approval or for
 * its deposit) has no schedule: the deposit comes first, then the plan's instalments. A
 * cancelled application owes nothing; a finished loan nothing more.
 */
function NextDue({ loan }: { loan: DueLoan }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (!loan.nextDue) {
    if (loan.status === 'pending_approval' || loan.status === 'approved') {
      return (
        <span>
          {t(`adminLoans.beforeStart.${loan.frequency}`, {
            deposit: formatUgx(loan.deposit),
            amount: formatUgx(loan.instalment),
          })}
        </span>
      );
    }
    return (
      <span>
        {t(loan.status === 'cancelled' && !loan.startDate ? 'adminLoans.nothingDueYet' : 'adminLoans.nothingDue')}
      </span>
    );
  }
  return (
    <span>
      <time dateTime={loan.nextDue.dueDate}>{formats.day(loan.nextDue.dueDate)}</time> ·{' '}
      <span className="tabular-nums">{formatUgx(loan.nextDue.amount)}</span>
    </span>
  );
}

/** How late the loan is and what falls due next, as two facts of a list. */
export function DueFacts({ loan }: { loan: DueLoan }) {
  const { t } = useTranslation();
  return (
    <>
      <Fact term={t('adminLoans.daysPastDue')}>
        <DaysPastDue days={loan.daysPastDue} />
      </Fact>
      <Fact term={t('adminLoans.nextDue')}>
        <NextDue loan={loan} />
      </Fact>
    </>
  );
}

/** One loan in a list: its number (the way in), status, customer, product, balance, lateness and next instalment. */
export function LoanCard({ loan }: { loan: PortfolioLoan }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="font-mono text-base font-semibold">
            <Link
              to={`/admin/loans/${encodeURIComponent(loan.id)}`}
              className="inline-flex min-h-11 items-center text-brand-800 underline"
            >
              {loan.number}
            </Link>
          </h2>
          <LoanStatusBadge status={loan.status} />
        </div>
        <p className="text-sm break-words">
          {loan.customerName}
          {loan.customerPhone && <span className="text-stone-600"> · {loan.customerPhone}</span>}
        </p>
        <p className="text-sm break-words text-stone-700">
          {loan.productName} · {loan.planName}
        </p>
        <dl className="space-y-1 text-sm">
          <Fact term={t('adminLoans.outstanding')}>
            <span className="font-semibold tabular-nums">{formatUgx(loan.outstanding)}</span>
          </Fact>
          <DueFacts loan={loan} />
          {(loan.district || loan.agentCode) && (
            <Fact term={t('adminLoans.where')}>
              {[loan.district, loan.agentCode && t('adminLoans.agentCode', { code: loan.agentCode })]
                .filter(Boolean)
                .join(' · ')}
            </Fact>
          )}
        </dl>
      </article>
    </li>
  );
}
