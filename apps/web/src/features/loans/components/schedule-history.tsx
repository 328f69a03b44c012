import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Part } from '@/components/ui/part.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { scheduleChangesQuery } from '../api.ts';

/**
 * The loan's schedule history: each change (extension, pause, late fee, early payoff, unit swap)
 * with when it was made and what the schedule added up to before and after, as the customer or
 * an admin reads it.
 */
export function ScheduleHistory({ loanId, admin = false }: { loanId: string; admin?: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const query = useQuery(scheduleChangesQuery(loanId, admin));
  const changes = query.data?.changes ?? [];
  return (
    <Part id="history-title" title={t('loans.change.historyTitle')}>
      {query.isPending ? (
        <p role="status">{t('loans.change.loadingHistory')}</p>
      ) : changes.length === 0 ? (
        <p className="text-stone-700">{t('loans.change.noHistory')}</p>
      ) : (
        <ul className="space-y-2">
          {query.data?.pausedUntil && (
            <li className="rounded-lg border border-amber-300 bg-amber-50 p-3">
              {t('loans.change.pausedUntil', { date: formats.day(query.data.pausedUntil) })}
            </li>
          )}
          {changes.map((change) => (
            <li key={change.id} className="rounded-lg border border-stone-200 bg-white p-3">
              <p className="font-medium">
                {t(`loans.change.kind.${change.kind}`)} · {formats.date(change.createdAt)}
              </p>
              <p className="text-sm text-stone-700">
                {t('loans.change.totals', {
                  before: formatUgx(change.totalBefore),
                  after: formatUgx(change.totalAfter),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}
