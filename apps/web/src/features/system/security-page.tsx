import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { authAttemptsQuery, SECURITY_EVENT_TYPES, securityEventsQuery } from './api.ts';
import { AttemptItem, EventItem, useEventLabel } from './log-items.tsx';
import { SecuritySummaryParts } from './security-summary.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { RefreshButton } from '@/components/admin/refresh-button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { tabIds, Tabs } from '@/components/admin/tabs.tsx';

type View = 'events' | 'attempts';

function EventsPanel({ type, onType }: { type: string; onType: (type: string) => void }) {
  const { t } = useTranslation();
  const label = useEventLabel();
  const query = useInfiniteQuery(securityEventsQuery(type));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          id="event-type"
          label={t('admin.security.typeLabel')}
          value={type}
          onChange={(event) => onType(event.target.value)}
          options={[
            { value: '', label: t('admin.security.allTypes') },
            ...SECURITY_EVENT_TYPES.map((value) => ({ value, label: label(value) })),
          ]}
          className="w-full sm:w-72"
        />
        <RefreshButton query={query} />
      </div>
      <PagedList
        query={query}
        label={t('admin.security.eventsTab')}
        loadingLabel={t('admin.security.loadingEvents')}
        emptyText={t('admin.security.noEvents')}
      >
        {(event) => <EventItem key={event.id} event={event} />}
      </PagedList>
    </div>
  );
}

function AttemptsPanel({ failedOnly, onFailedOnly }: { failedOnly: boolean; onFailedOnly: (on: boolean) => void }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(authAttemptsQuery(failedOnly));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          id="attempt-filter"
          label={t('admin.security.showLabel')}
          value={failedOnly ? 'failed' : 'all'}
          onChange={(event) => onFailedOnly(event.target.value === 'failed')}
          options={[
            { value: 'all', label: t('admin.security.allAttempts') },
            { value: 'failed', label: t('admin.security.failedOnly') },
          ]}
          className="w-full sm:w-72"
        />
        <RefreshButton query={query} />
      </div>
      <PagedList
        query={query}
        label={t('admin.security.attemptsTab')}
        loadingLabel={t('admin.security.loadingAttempts')}
        emptyText={t('admin.security.noAttempts')}
      >
        {(attempt) => <AttemptItem key={attempt.id} attempt={attempt} />}
      </PagedList>
    </div>
  );
}

/**
 * /security-dashboard: the figures (two-step sign-in, sessions, failures and lockouts over two
 * weeks, noisy addresses, roles, recent admin actions), then the security log (filtered by event
 * type) and the sign-in attempts (all or failed).
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('tab') === 'attempts' ? 'attempts' : 'events';
  const type = params.get('type') ?? '';
  const failedOnly = params.get('failed') === 'true';

  // The tab and filters live in the address, so a reload or a shared link shows the same view.
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const panel = tabIds('security', view);
  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="security-title">
      <AdminPageHeader titleId="security-title" title={t('admin.security.title')}>
        <p>{t('admin.security.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      <SecuritySummaryParts />
      <h2 className="text-lg font-semibold">{t('admin.security.logTitle')}</h2>
      <Tabs
        label={t('admin.security.title')}
        idPrefix="security"
        value={view}
        onChange={(next) => update({ tab: next === 'events' ? undefined : next })}
        tabs={[
          { id: 'events', label: t('admin.security.eventsTab') },
          { id: 'attempts', label: t('admin.security.attemptsTab') },
        ]}
      />
      <div role="tabpanel" id={panel.panel} aria-labelledby={panel.tab}>
        {view === 'events' ? (
          <EventsPanel type={type} onType={(next) => update({ type: next || undefined })} />
        ) : (
          <AttemptsPanel failedOnly={failedOnly} onFailedOnly={(on) => update({ failed: on ? 'true' : undefined })} />
        )}
      </div>
    </section>
  );
}
