import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';
import type { JournalEntry, PaymentAudit, PaymentEvent } from './api.ts';
import { useFormats } from '@/lib/formats.ts';
import { useActorText } from '@/components/admin/actor.tsx';
import { PaymentStatusBadge } from './payment-status.tsx';

const detailText = (value: unknown) =>
  typeof value === 'string' ? value : value === null || value === undefined ? '—' : JSON.stringify(value);

/** What happened to the payment, oldest first: the request, each network answer, admin decisions. */
export function PaymentEvents({ events }: { events: PaymentEvent[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const by = useActorText();
  if (events.length === 0) return <p className="text-stone-700">{t('admin.payments.noEvents')}</p>;
  return (
    <ol className="space-y-3 border-l-2 border-stone-300 pl-4">
      {events.map((event) => (
        <li key={event.id} className="relative space-y-1 rounded-lg border border-stone-200 bg-white p-3">
          <span aria-hidden="true" className="absolute top-4 -left-[1.4rem] h-3 w-3 rounded-full bg-stone-400" />
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold">{event.kind}</span>
            <PaymentStatusBadge status={event.status} />
            <time dateTime={event.createdAt} className="ml-auto text-sm text-stone-700">
              {formats.stamp(event.createdAt)}
            </time>
          </div>
          <p className="text-sm text-stone-700">{by(event.actor)}</p>
          {Object.keys(event.detail).length > 0 && (
            <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
              {Object.entries(event.detail).map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="text-stone-600">{key}</dt>
                  <dd className="min-w-0 font-mono text-xs leading-5 break-all">{detailText(value)}</dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The journal transactions the payment caused, each with its postings (they sum to zero). */
export function PaymentJournal({ journal }: { journal: JournalEntry[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (journal.length === 0) return <p className="text-stone-700">{t('admin.payments.noJournal')}</p>;
  return (
    <ul className="space-y-3">
      {journal.map((entry) => (
        <li key={entry.id} className="space-y-2 rounded-lg border border-stone-200 bg-white p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium">{entry.description}</span>
            <time dateTime={entry.createdAt} className="text-sm text-stone-700">
              {formats.stamp(entry.createdAt)}
            </time>
          </div>
          <p className="font-mono text-xs text-stone-600">{entry.kind}</p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {t('admin.payments.postingsOf', { description: entry.description })}
              </caption>
              <thead className="text-stone-600">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('admin.payments.account')}
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium">
                    {t('admin.payments.amount')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('admin.payments.balanceAfter')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {entry.postings.map((posting, i) => (
                  <tr key={`${posting.account}-${i}`}>
                    <td className="py-1 pr-3 font-mono text-xs break-all">{posting.account}</td>
                    <td className="py-1 pr-3 text-right whitespace-nowrap tabular-nums">{formatUgx(posting.amount)}</td>
                    <td className="py-1 text-right whitespace-nowrap tabular-nums">
                      {formatUgx(posting.balanceAfter)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What admins did to the payment, with who and why. */
export function PaymentAuditList({ audit }: { audit: PaymentAudit[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const by = useActorText();
  if (audit.length === 0) return <p className="text-stone-700">{t('admin.payments.noAudit')}</p>;
  return (
    <ul className="space-y-3">
      {audit.map((entry) => (
        <li key={entry.id} className="space-y-1 rounded-lg border border-stone-200 bg-white p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-mono text-sm font-semibold">{entry.action}</span>
            <time dateTime={entry.createdAt} className="text-sm text-stone-700">
              {formats.stamp(entry.createdAt)}
            </time>
          </div>
          {typeof entry.details.statusBefore === 'string' && entry.action === 'payment.mark_failed' && (
            <p className="text-sm">
              {t('admin.audit.status', {
                from: t(`payments.status.${entry.details.statusBefore}`, { defaultValue: entry.details.statusBefore }),
                to: t('payments.status.failed'),
              })}
            </p>
          )}
          <p className="text-sm text-stone-700">{by(entry.actor)}</p>
          {entry.reason && (
            <p className="text-sm">
              <span className="text-stone-600">{t('admin.payments.reason')}:</span> {entry.reason}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
