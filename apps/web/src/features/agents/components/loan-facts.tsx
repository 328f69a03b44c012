import { useTranslation } from 'react-i18next';
import { Arrears, LoanStatusBadge } from '@/components/ui/loan-status.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import type { LoanSummary } from '@ecogrid/core/loans';

/** A customer's loan in two lines: its status and arrears, then what is left and the next instalment. */
export function LoanFacts({ loan }: { loan: Pick<LoanSummary, 'status' | 'daysPastDue' | 'outstanding' | 'nextDue'> }) {
  const { t } = useTranslation();
  const { day } = useFormats();
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <LoanStatusBadge status={loan.status} />
        <Arrears days={loan.daysPastDue} onTime={t('agent.loans.onTime')} />
      </p>
      <p className="text-sm text-stone-700">
        {t('agent.loans.outstanding', { amount: formatUgx(loan.outstanding) })}
        {loan.nextDue &&
          ` · ${t('agent.loans.nextDue', { amount: formatUgx(loan.nextDue.amount), date: day(loan.nextDue.dueDate) })}`}
      </p>
    </>
  );
}
