import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { Part } from '@/components/ui/part.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { agentChoicesQuery, FOLLOW_UP_LISTS, followUpsQuery, type FollowUpList } from './collections-api.ts';
import { FollowUpCard } from './follow-up-card.tsx';

/** The assignee filter's value for follow-ups with no agent, as the API names it. */
const NONE = 'none';

/**
 * /admin/follow-ups: collections. The follow-ups of past-due loans, open, promised or broken,
 * of every agent, one agent or the admins; each open one takes its outcome or a new assignee.
 */
export default function FollowUpsPage() {
  const { t } = useTranslation();
  usePageTitle(t('adminLoans.followUps.title'));
  const [status, setStatus] = useState<FollowUpList>('open');
  const [assignee, setAssignee] = useState('');
  const agents = useQuery(agentChoicesQuery);
  const list = useQuery(followUpsQuery(status, assignee));
  const choices = agents.data ?? [];

  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="follow-ups-title">
      <AdminPageHeader titleId="follow-ups-title" title={t('adminLoans.followUps.title')}>
        <p>{t('adminLoans.followUps.intro')}</p>
      </AdminPageHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id="follow-up-list"
          label={t('adminLoans.followUps.show')}
          value={status}
          onChange={(event) => setStatus(event.target.value as FollowUpList)}
          options={FOLLOW_UP_LISTS.map((value) => ({ value, label: t(`adminLoans.followUps.lists.${value}`) }))}
        />
        <SelectField
          id="follow-up-assignee"
          label={t('adminLoans.followUps.whose')}
          value={assignee}
          onChange={(event) => setAssignee(event.target.value)}
          options={[
            { value: '', label: t('adminLoans.followUps.everyone') },
            { value: NONE, label: t('adminLoans.followUps.admins') },
            ...choices.map((agent) => ({ value: agent.id, label: agent.name })),
          ]}
        />
      </div>
      <Part id="follow-up-list-title" title={t(`adminLoans.followUps.lists.${status}`)} className="space-y-3">
        <AdminQuery query={list} loadingLabel={t('adminLoans.followUps.loading')}>
          {(items) =>
            items.length === 0 ? (
              <p role="status">{t('adminLoans.followUps.empty')}</p>
            ) : (
              <div className="space-y-3">
                <p role="status" className="text-sm text-stone-700">
                  {t('adminLoans.followUps.shown', { count: items.length })}
                </p>
                <ul className="space-y-3" aria-labelledby="follow-up-list-title">
                  {items.map((followUp) => (
                    <li key={followUp.id}>
                      <FollowUpCard followUp={followUp} agents={choices} />
                    </li>
                  ))}
                </ul>
              </div>
            )
          }
        </AdminQuery>
      </Part>
    </section>
  );
}
