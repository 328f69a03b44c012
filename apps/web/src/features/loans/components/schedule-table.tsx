import { useTranslation } from 'react-i18next';
import { Badge, REPAYMENT_STATUS_TONES } from '@/components/ui/badge.tsx';
import { formatUgx } from '@/lib/money.ts';
import type { LoanRepayment } from '../api.ts';
import { useFormats } from '@/lib/formats.ts';

/** The columns, amounts aligned to the end so their digits line up. */
const COLUMNS = [
  { key: 'number', end: false },
  { key: 'dueDate', end: false },
  { key: 'amountDue', end: true },
  { key: 'amountPaid', end: true },
  { key: 'status', end: false },
] as const;

/**
 * The loan's instalments as fixed when it started: number, due date, amount due, amount paid
 * and status. On a narrow phone the table scrolls sideways inside its own box, which a
 * keyboard can reach (a group, not a second landmark beside the section it sits in).
 */
export function ScheduleTable({ schedule, today }: { schedule: LoanRepayment[]; today: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <div
      className="overflow-x-auto rounded-lg border border-stone-200 bg-white"
      role="group"
      aria-labelledby="schedule-title"
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <thead className="bg-stone-50 text-stone-700">
          <tr>
            {COLUMNS.map(({ key, end }) => (
              <th key={key} scope="col" className={`px-2 py-2 font-medium ${end ? 'text-right' : ''}`}>
                {t(`loans.schedule.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {schedule.map((item) => {
            const late = item.status !== 'paid' && item.dueDate < today;
            return (
              <tr key={item.id} className={late ? 'bg-red-50' : undefined}>
                <td className="px-2 py-2 tabular-nums">{item.number}</td>
                <td className="px-2 py-2 whitespace-nowrap">
                  <time dateTime={item.dueDate}>{formats.day(item.dueDate)}</time>
                </td>
                <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">{formatUgx(item.amountDue)}</td>
                <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">{formatUgx(item.amountPaid)}</td>
                <td className="px-2 py-2">
                  <Badge tone={late ? 'bad' : REPAYMENT_STATUS_TONES[item.status]}>
                    {late ? t('loans.schedule.late') : t(`loans.repayment.${item.status}`)}
                  </Badge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
