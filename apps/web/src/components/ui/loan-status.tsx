import type { LoanStatus } from '@ecogrid/core/loans';
import { useTranslation } from 'react-i18next';
import { StatusBadge, LOAN_STATUS_TONES } from './badge.tsx';

/** A loan's status in the reader's language (LOAN_STATUS_LABELS in core are the English); strings: en.loans.json. */
export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tones={LOAN_STATUS_TONES} status={status}>
      {t(`loans.status.${status}`, { defaultValue: status })}
    </StatusBadge>
  );
}

/** Days past due, said plainly: "3 days late"; `onTime` (if given) when there are none. */
export function Arrears({ days, onTime }: { days: number; onTime?: string }) {
  const { t } = useTranslation();
  if (days <= 0) return onTime ? <span className="text-stone-700">{onTime}</span> : null;
  return <span className="font-semibold text-red-800">{t('loans.daysLate', { count: days })}</span>;
}
