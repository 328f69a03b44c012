import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Fact } from '@/components/ui/fact.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import type { AgentChoice, FollowUp } from './collections-api.ts';
import { FollowUpAssign } from './follow-up-assign.tsx';
import { FollowUpOutcomeForm } from './follow-up-outcome-form.tsx';

const disclosure = 'rounded-lg border border-stone-200 p-3 [&>summary]:min-h-11 [&>summary]:cursor-pointer';

/** The last promise on the loan: its date, amount and whether it was kept. */
function PromiseFact({ promise }: { promise: NonNullable<FollowUp['lastPromise']> }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <Fact term={t('adminLoans.followUps.promise')}>
      {t('adminLoans.followUps.promiseText', { amount: formatUgx(promise.amount), date: formats.day(promise.date) })}{' '}
      <strong>{t(`adminLoans.followUps.promiseStatus.${promise.status}`)}</strong>
    </Fact>
  );
}

/**
 * One follow-up: whose loan, what it is for, how late and how much is in arrears, who follows it
 * up and what was said last; an open one takes its outcome or is handed to someone else.
 */
export function FollowUpCard({ followUp, agents }: { followUp: FollowUp; agents: AgentChoice[] }) {
  const { t } = useTranslation();
  const titleId = `follow-up-${followUp.id}-title`;
  return (
    <article aria-labelledby={titleId} className="min-w-0 space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <h3 id={titleId} className="font-semibold break-words">
        {followUp.customerName}
      </h3>
      <dl className="space-y-1 text-sm">
        <Fact term={t('adminLoans.followUps.loan')}>
          <Link to={`/admin/loans/${followUp.loanId}`} className="font-medium text-brand-800 underline">
            {followUp.loanNumber}
          </Link>
        </Fact>
        <Fact term={t('adminLoans.phone')}>
          {followUp.customerPhone ? (
            <a href={`tel:${followUp.customerPhone}`} className="text-brand-800 underline">
              {followUp.customerPhone}
            </a>
          ) : (
            t('adminLoans.notGiven')
          )}
        </Fact>
        <Fact term={t('adminLoans.followUps.product')}>{followUp.productName}</Fact>
        <Fact term={t('adminLoans.followUps.daysPastDue')}>
          {t('adminLoans.daysLate', { count: followUp.daysPastDue })}
        </Fact>
        <Fact term={t('adminLoans.followUps.inArrears')}>{formatUgx(followUp.amountInArrears)}</Fact>
        <Fact term={t('adminLoans.agent')}>{followUp.assigneeName ?? t('adminLoans.followUps.admins')}</Fact>
        <Fact term={t('adminLoans.followUps.reason')}>{t(`adminLoans.followUps.reasons.${followUp.reason}`)}</Fact>
        <Fact term={t('adminLoans.followUps.lastOutcome')}>
          {followUp.lastOutcome
            ? t(`adminLoans.followUps.outcomes.${followUp.lastOutcome}`)
            : t('adminLoans.followUps.none')}
        </Fact>
        {followUp.lastPromise && <PromiseFact promise={followUp.lastPromise} />}
      </dl>
      {followUp.outcome === null && (
        <div className="space-y-2">
          <details className={disclosure}>
            <summary className="font-medium">{t('adminLoans.followUps.outcomeTitle')}</summary>
            <div className="pt-3">
              <FollowUpOutcomeForm followUp={followUp} />
            </div>
          </details>
          <details className={disclosure}>
            <summary className="font-medium">{t('adminLoans.followUps.assignTitle')}</summary>
            <div className="pt-3">
              <FollowUpAssign followUp={followUp} agents={agents} />
            </div>
          </details>
        </div>
      )}
    </article>
  );
}
