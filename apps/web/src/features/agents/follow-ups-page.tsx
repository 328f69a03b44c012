import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Arrears } from '@/components/ui/loan-status.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { agentFollowUpsQuery, type FollowUp } from './collections-api.ts';
import { CallButton, CustomerLoanHeading } from './components/customer-loan.tsx';
import { FollowUpOutcomeForm } from './follow-up-outcome-form.tsx';
import { AgentQueryView, AgentScreen } from './page-states.tsx';

const TITLE = 'follow-ups-title';

/** The loan's follow-up before this one: what came of it, and a promise kept or broken. */
function Previous({ previous }: { previous: NonNullable<FollowUp['previous']> }) {
  const { t } = useTranslation();
  const { day } = useFormats();
  return (
    <div className="rounded-lg bg-stone-50 p-3">
      <p className="text-sm font-medium">
        {t('agent.followUps.last', { outcome: t(`agent.followUps.outcomes.${previous.outcome}`) })}
        {previous.recordedOn && <> · {day(previous.recordedOn)}</>}
      </p>
      {previous.promiseAmount !== null && previous.promiseDate && (
        <p className={previous.promiseBroken ? 'font-semibold text-red-800' : 'font-medium'}>
          {t(previous.promiseBroken ? 'agent.followUps.promiseBroken' : 'agent.followUps.promise', {
            amount: formatUgx(previous.promiseAmount),
            date: day(previous.promiseDate),
          })}
        </p>
      )}
    </div>
  );
}

function FollowUpItem({ followUp, onSaved }: { followUp: FollowUp; onSaved: () => void }) {
  const { t } = useTranslation();
  const { day } = useFormats();
  const [open, setOpen] = useState(false);
  const id = `follow-up-${followUp.id}`;
  return (
    <li className="space-y-2 p-4" aria-labelledby={id}>
      <CustomerLoanHeading
        id={id}
        customerId={followUp.customerId}
        customerName={followUp.customerName}
        productName={followUp.productName}
        loanNumber={followUp.loanNumber}
      />
      {followUp.reason === 'broken_promise' && (
        <p className="font-semibold text-red-800">{t('agent.followUps.brokenPromise')}</p>
      )}
      <p className="flex flex-wrap gap-x-3">
        <Arrears days={followUp.daysPastDue} />
        <span className="tabular-nums">
          {t('agent.followUps.inArrears', { amount: formatUgx(followUp.amountInArrears) })}
        </span>
      </p>
      {followUp.dueSince && (
        <p className="text-stone-700">{t('agent.followUps.since', { date: day(followUp.dueSince) })}</p>
      )}
      {followUp.previous && <Previous previous={followUp.previous} />}
      <div className="flex flex-col gap-2 sm:flex-row">
        <CallButton name={followUp.customerName} phone={followUp.customerPhone} />
        {!open && (
          <Button className="w-full sm:w-auto" aria-describedby={id} onClick={() => setOpen(true)}>
            {t('agent.followUps.record')}
          </Button>
        )}
      </div>
      {open && <FollowUpOutcomeForm followUp={followUp} onSaved={onSaved} />}
    </li>
  );
}

/**
 * /agent/follow-ups: the agent's open follow-ups of past-due loans, oldest first, each with an
 * outcome to record; ?customer= keeps one customer's (linked from the customer's page).
 */
export default function AgentFollowUpsPage() {
  const { t } = useTranslation();
  const query = useQuery(agentFollowUpsQuery);
  const customer = useSearchParams()[0].get('customer');
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <AgentScreen id={TITLE} title={t('agent.followUps.title')}>
      {saved && (
        <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 font-medium">
          {t('agent.followUps.saved', { name: saved })}
        </p>
      )}
      <AgentQueryView query={query} loadingLabel={t('agent.followUps.loading')}>
        {(data) => {
          const items = customer ? data.items.filter((f) => f.customerId === customer) : data.items;
          return (
            <>
              <p role="status" className="text-stone-700">
                {items.length === 0 ? t('agent.followUps.empty') : t('agent.followUps.count', { count: items.length })}
              </p>
              {customer && (
                <Link to="/agent/follow-ups" className="text-brand-800 underline">
                  {t('agent.followUps.all')}
                </Link>
              )}
              {items.length > 0 && (
                <ul
                  aria-labelledby={TITLE}
                  className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
                >
                  {items.map((followUp) => (
                    <FollowUpItem
                      key={followUp.id}
                      followUp={followUp}
                      onSaved={() => setSaved(followUp.customerName)}
                    />
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </AgentQueryView>
    </AgentScreen>
  );
}
