import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { creditHistoryQuery, type CreditHistory } from './api.ts';
import { DaysPastDue, LoanStatusBadge } from './loan-card.tsx';

const card = 'rounded-lg border border-stone-200 bg-white p-4';

/** What the policy suggested when the customer applied, the version it used, and each failed check with its outcome. */
function Suggestion({ history }: { history: CreditHistory }) {
  const { t } = useTranslation();
  const { suggestion } = history;
  if (!suggestion) return <p className={card}>{t('adminLoans.history.noSuggestion')}</p>;
  return (
    <div className={`space-y-2 ${card}`}>
      <p className="font-semibold">
        {t('adminLoans.history.suggestion', { outcome: t(`adminLoans.policy.outcome.${suggestion.outcome}`) })}
      </p>
      {history.policyVersion !== null && (
        <p className="text-sm">{t('adminLoans.history.policyVersion', { version: history.policyVersion })}</p>
      )}
      {suggestion.reasons.length === 0 ? (
        <p className="text-sm">{t('adminLoans.history.allPassed')}</p>
      ) : (
        <ul aria-label={t('adminLoans.history.reasons')} className="list-disc space-y-1 pl-5 text-sm">
          {suggestion.reasons.map((reason) => (
            <li key={reason.check}>
              {t('adminLoans.history.reason', {
                check: t(`adminLoans.policy.checks.${reason.check}`),
                outcome: t(`adminLoans.policy.outcome.${reason.outcome}`),
              })}
            </li>
          ))}
        </ul>
      )}
      <dl className="space-y-1 text-sm">
        <Fact term={t('adminLoans.history.income')}>
          {suggestion.facts.declaredMonthlyIncome === null
            ? t('adminLoans.history.noIncome')
            : formatUgx(suggestion.facts.declaredMonthlyIncome)}
        </Fact>
        <Fact term={t('adminLoans.history.monthly')}>{formatUgx(suggestion.facts.monthlyInstalments)}</Fact>
        <Fact term={t('adminLoans.history.openLoans')}>{suggestion.facts.openLoans}</Fact>
        <Fact term={t('adminLoans.history.inArrears')}>{suggestion.facts.loansInArrears}</Fact>
      </dl>
    </div>
  );
}

/** The customer's repayment score today, and how it is made. */
function Score({ score }: { score: CreditHistory['score'] }) {
  const { t } = useTranslation();
  return (
    <div className={`space-y-1 ${card}`}>
      <p className="font-semibold">
        {score.score === null
          ? t('adminLoans.history.newCustomer')
          : t('adminLoans.history.score', { score: score.score })}
      </p>
      {score.due > 0 && (
        <p className="text-sm">
          {t('adminLoans.history.onTime', { onTime: score.onTime, count: score.due })}{' '}
          {t('adminLoans.history.worst', { count: score.worstDaysLate })}
        </p>
      )}
    </div>
  );
}

/** The customer's other loans, each with what is owed and how late it is. */
function OtherLoans({ loans }: { loans: CreditHistory['otherLoans'] }) {
  const { t } = useTranslation();
  if (loans.length === 0) return <p className="text-stone-700">{t('adminLoans.history.noOtherLoans')}</p>;
  return (
    <ul aria-label={t('adminLoans.history.otherLoans')} className="space-y-2">
      {loans.map((loan) => (
        <li key={loan.id} className={`space-y-1 ${card}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={`/admin/loans/${loan.id}`} className="font-semibold break-words text-brand-800 underline">
              {loan.productName}
            </Link>
            <LoanStatusBadge status={loan.status} />
          </div>
          <dl className="space-y-1 text-sm">
            <Fact term={t('adminLoans.history.number')}>{loan.number}</Fact>
            <Fact term={t('adminLoans.outstanding')}>{formatUgx(loan.outstanding)}</Fact>
            <Fact term={t('adminLoans.daysPastDue')}>
              <DaysPastDue days={loan.daysPastDue} />
            </Fact>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The customer's latest payments on any of their loans. */
function Payments({ payments }: { payments: CreditHistory['recentPayments'] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (payments.length === 0) return <p className="text-stone-700">{t('adminLoans.history.noPayments')}</p>;
  return (
    <ul
      aria-label={t('adminLoans.history.payments')}
      className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white"
    >
      {payments.map((payment, index) => (
        <li key={`${payment.createdAt}-${index}`} className="flex flex-wrap justify-between gap-x-3 px-3 py-2 text-sm">
          <span>
            <time dateTime={payment.createdAt}>{formats.stamp(payment.createdAt)}</time>
            {' · '}
            {t(`adminLoans.payments.kind.${payment.kind}`)} {payment.loanNumber}
          </span>
          <span className="font-medium tabular-nums">{formatUgx(payment.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * What an admin weighs before approving or refusing: the policy's suggestion with its reasons and
 * the version it used, the customer's repayment score, their other loans and latest payments.
 */
export function CreditHistoryPart({ loanId }: { loanId: string }) {
  const { t } = useTranslation();
  const history = useQuery(creditHistoryQuery(loanId));
  return (
    <section aria-labelledby="credit-history-title" className="min-w-0 space-y-3">
      <h2 id="credit-history-title" className="text-lg font-semibold">
        {t('adminLoans.history.title')}
      </h2>
      <AdminQuery query={history} loadingLabel={t('adminLoans.history.loading')} count={2}>
        {(data) => (
          <>
            <div className="grid gap-3 md:grid-cols-2">
              <Suggestion history={data} />
              <Score score={data.score} />
            </div>
            <h3 className="font-semibold">{t('adminLoans.history.otherLoans')}</h3>
            <OtherLoans loans={data.otherLoans} />
            <h3 className="font-semibold">{t('adminLoans.history.payments')}</h3>
            <Payments payments={data.recentPayments} />
          </>
        )}
      </AdminQuery>
    </section>
  );
}
