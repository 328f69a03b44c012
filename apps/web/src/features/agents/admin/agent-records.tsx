import { useTranslation } from 'react-i18next';
import { formatSignedUgx, useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import type { AdminAgentDetail } from './api.ts';

const row = 'space-y-1 rounded-lg border border-stone-200 bg-white p-3 text-sm';

/** Cash the agent handed over, newest first: how much, how, its reference and note, who recorded it. */
export function HandoverList({ handovers }: { handovers: AdminAgentDetail['handovers'] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (handovers.length === 0) return <p className="text-stone-700">{t('admin.agents.noHandovers')}</p>;
  return (
    <ul className="space-y-2" aria-label={t('admin.agents.handoversTitle')}>
      {handovers.map((handover) => (
        <li key={handover.id} className={row}>
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-semibold tabular-nums">{formatUgx(handover.amount)}</span>
            <time dateTime={handover.createdAt} className="text-stone-700">
              {formats.dateTime(handover.createdAt)}
            </time>
          </p>
          <p>
            {t(`admin.agents.method.${handover.method}`)}
            {handover.reference && (
              <>
                {' · '}
                <span className="font-mono break-all">{handover.reference}</span>
              </>
            )}
          </p>
          {handover.note && <p className="break-words text-stone-700">{handover.note}</p>}
          <p className="text-stone-700">{t('admin.agents.recordedBy', { name: handover.recordedBy.name })}</p>
        </li>
      ))}
    </ul>
  );
}

/** The agent's wallet statement: commission in, reversals and withdrawals out, with the balance after each. */
export function Statement({ lines }: { lines: AdminAgentDetail['statement'] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (lines.length === 0) return <p className="text-stone-700">{t('admin.agents.noStatement')}</p>;
  return (
    <ul className="space-y-2" aria-label={t('admin.agents.statementTitle')}>
      {lines.map((line) => (
        <li key={line.id} className={row}>
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="min-w-0 break-words">{line.description}</span>
            <span className={`font-semibold tabular-nums ${line.amount < 0 ? 'text-red-800' : 'text-green-800'}`}>
              {formatSignedUgx(line.amount)}
            </span>
          </p>
          <p className="flex flex-wrap justify-between gap-2 text-stone-700">
            <time dateTime={line.createdAt}>{formats.dateTime(line.createdAt)}</time>
            <span className="tabular-nums">
              {t('admin.agents.balanceAfter', { amount: formatUgx(line.balanceAfter) })}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
