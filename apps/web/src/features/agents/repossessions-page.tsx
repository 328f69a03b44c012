import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { agentRepossessionsQuery, type Repossession } from './collections-api.ts';
import { CallButton } from './components/customer-loan.tsx';
import { AgentQueryView, AgentScreen } from './page-states.tsx';
import { RepossessionAttemptForm } from './repossession-attempt-form.tsx';

const TITLE = 'repossessions-title';

function RepossessionItem({ item, onSaved }: { item: Repossession; onSaved: (outcome: string) => void }) {
  const { t } = useTranslation();
  const { date } = useFormats();
  const [open, setOpen] = useState(false);
  const id = `repossession-${item.id}`;
  const place = [item.village, item.subCounty, item.district].filter(Boolean).join(', ');
  return (
    <li className="space-y-2 p-4" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold break-words">
        {item.customerName}
      </h2>
      <p className="text-stone-700">
        {item.productName} · {item.loanNumber}
      </p>
      <dl className="space-y-1">
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-stone-700">{t('agent.repossessions.serial')}</dt>
          <dd className="font-mono break-all">{item.deviceSerial ?? t('agent.repossessions.noSerial')}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-stone-700">{t('agent.repossessions.place')}</dt>
          <dd>{place || t('agent.repossessions.noPlace')}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-stone-700">{t('agent.repossessions.owed')}</dt>
          <dd className="font-semibold tabular-nums">{formatUgx(item.amountOwed)}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-stone-700">{t('agent.repossessions.since')}</dt>
          <dd>
            <time dateTime={item.createdAt}>{date(item.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <p className="whitespace-pre-line">{t('agent.repossessions.why', { reason: item.reason })}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <CallButton name={item.customerName} phone={item.customerPhone} />
        {!open && (
          <Button className="w-full sm:w-auto" aria-describedby={id} onClick={() => setOpen(true)}>
            {t('agent.repossessions.record')}
          </Button>
        )}
      </div>
      {open && <RepossessionAttemptForm item={item} onSaved={onSaved} />}
    </li>
  );
}

/**
 * /agent/repossessions: the units of defaulted loans the agent is asked to take back, newest
 * first. A failed attempt keeps the task on the list (a new attempt opens); a recovered one
 * takes it off.
 */
export default function AgentRepossessionsPage() {
  const { t } = useTranslation();
  const query = useQuery(agentRepossessionsQuery);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <AgentScreen id={TITLE} title={t('agent.repossessions.title')}>
      {saved && (
        <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 font-medium">
          {saved}
        </p>
      )}
      <AgentQueryView query={query} loadingLabel={t('agent.repossessions.loading')}>
        {({ repossessions }) => (
          <>
            <p role="status" className="text-stone-700">
              {repossessions.length === 0
                ? t('agent.repossessions.empty')
                : t('agent.repossessions.count', { count: repossessions.length })}
            </p>
            {repossessions.length > 0 && (
              <ul
                aria-labelledby={TITLE}
                className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
              >
                {repossessions.map((item) => (
                  <RepossessionItem
                    key={item.id}
                    item={item}
                    onSaved={(outcome) =>
                      setSaved(
                        t(outcome === 'recovered' ? 'agent.repossessions.recovered' : 'agent.repossessions.failed', {
                          name: item.customerName,
                          product: item.productName,
                        }),
                      )
                    }
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </AgentQueryView>
    </AgentScreen>
  );
}
