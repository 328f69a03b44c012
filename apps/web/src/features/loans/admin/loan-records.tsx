import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';
import { useFormats } from '@/lib/formats.ts';
import type { AdminLoan } from './api.ts';
import { StatusBadge, REPAYMENT_STATUS_TONES } from '@/components/ui/badge.tsx';
import { TokenList } from './token-list.tsx';

const cell = 'px-3 py-2 text-left align-top';

/**
 * The repayment schedule as a table; on a phone the table scrolls sideways inside its own box
 * (which the keyboard can reach and scroll), never the page.
 */
export function LoanSchedule({ loan }: { loan: AdminLoan }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const captionId = useId();
  if (loan.schedule.length === 0) return <p className="text-stone-700">{t('adminLoans.schedule.none')}</p>;
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-lg border border-stone-200 bg-white focus:outline-2 focus:outline-brand-700"
    >
      <table className="w-full min-w-[28rem] text-sm tabular-nums">
        <caption id={captionId} className="sr-only">
          {t('adminLoans.schedule.caption', { number: loan.number })}
        </caption>
        <thead className="bg-stone-50 text-stone-700">
          <tr>
            <th scope="col" className={cell}>
              {t('adminLoans.schedule.number')}
            </th>
            <th scope="col" className={cell}>
              {t('adminLoans.schedule.dueDate')}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t('adminLoans.schedule.amountDue')}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t('adminLoans.schedule.amountPaid')}
            </th>
            <th scope="col" className={cell}>
              {t('adminLoans.schedule.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {loan.schedule.map((row) => (
            <tr key={row.id}>
              <th scope="row" className={`${cell} font-medium`}>
                {row.number}
              </th>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={row.dueDate}>{formats.day(row.dueDate)}</time>
              </td>
              <td className={`${cell} text-right whitespace-nowrap`}>{formatUgx(row.amountDue)}</td>
              <td className={`${cell} text-right whitespace-nowrap`}>{formatUgx(row.amountPaid)}</td>
              <td className={cell}>
                <StatusBadge tones={REPAYMENT_STATUS_TONES} status={row.status}>
                  {t(`adminLoans.repayment.${row.status}`)}
                </StatusBadge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The deposit and repayments, newest first as the server lists them. */
export function LoanPayments({ loan }: { loan: AdminLoan }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (loan.payments.length === 0) return <p className="text-stone-700">{t('adminLoans.payments.none')}</p>;
  return (
    <ul className="space-y-3">
      {loan.payments.map((payment) => (
        <li key={payment.id} className="space-y-1 rounded-lg border border-stone-200 bg-white p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-semibold">{t(`adminLoans.payments.kind.${payment.kind}`)}</span>
            <span className="font-semibold tabular-nums">{formatUgx(payment.amount)}</span>
          </div>
          <p className="text-sm text-stone-700">
            {t(`payments.method.${payment.method}`, { defaultValue: payment.method })} ·{' '}
            {t(`payments.status.${payment.status}`, { defaultValue: payment.status })} ·{' '}
            <time dateTime={payment.createdAt}>{formats.stamp(payment.createdAt)}</time>
          </p>
          <p className="font-mono text-sm break-all">{payment.reference}</p>
        </li>
      ))}
    </ul>
  );
}

/** The device tokens issued for the loan, newest first: what the customer types into the device. */
export function LoanTokens({ loan }: { loan: AdminLoan }) {
  const { t } = useTranslation();
  return <TokenList tokens={loan.tokens} emptyText={t('adminLoans.tokens.none')} />;
}
