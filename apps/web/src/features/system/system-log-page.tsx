import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { RefreshButton } from '@/components/admin/refresh-button.tsx';
import { DownloadLink } from '@/components/ui/download-link.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { systemLogCsvUrl, systemLogQuery, type SystemLogFilters } from './api.ts';
import { SystemLogLine } from './system-log-item.tsx';

const SOURCES = ['all', 'admin', 'money'] as const;
/** The kinds of action the filter offers, by the start of their names. */
const ACTIONS = ['order.*', 'payment.*', 'loan.*', 'agent.*', 'kyc.*', 'product.*', 'store.*', 'money.*'] as const;

/**
 * /system-audit: every admin action and every money movement in one log, newest first, with who
 * did it by name, the record, old → new and the address; filtered by source, kind and days (all
 * kept in the address), and downloaded as CSV under the same filters. Nobody can change it.
 */
export default function SystemLogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const source = (SOURCES as readonly string[]).includes(params.get('source') ?? '')
    ? (params.get('source') as SystemLogFilters['source'])
    : 'all';
  const filters: SystemLogFilters = {
    source,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    action: params.get('action') ?? '',
  };
  const query = useInfiniteQuery(systemLogQuery(filters));
  const update = (changes: Partial<SystemLogFilters>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value && value !== 'all') next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const halfRange = Boolean(filters.from) !== Boolean(filters.to);
  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="system-log-title">
      <AdminPageHeader titleId="system-log-title" title={t('admin.systemLog.title')}>
        <p>{t('admin.systemLog.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id="log-source"
          label={t('admin.systemLog.sourceLabel')}
          value={filters.source}
          onChange={(event) => update({ source: event.target.value as SystemLogFilters['source'] })}
          options={SOURCES.map((value) => ({ value, label: t(`admin.systemLog.sources.${value}`) }))}
        />
        <SelectField
          id="log-action"
          label={t('admin.systemLog.actionLabel')}
          value={filters.action}
          onChange={(event) => update({ action: event.target.value })}
          options={[
            { value: '', label: t('admin.systemLog.allActions') },
            ...ACTIONS.map((value) => ({ value, label: t(`admin.systemLog.actions.${value.slice(0, -2)}`) })),
          ]}
        />
        <TextField
          id="log-from"
          type="date"
          label={t('admin.systemLog.from')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => update({ from: event.target.value })}
        />
        <TextField
          id="log-to"
          type="date"
          label={t('admin.systemLog.to')}
          value={filters.to}
          min={filters.from || undefined}
          hint={halfRange ? t('admin.systemLog.bothDays') : undefined}
          onChange={(event) => update({ to: event.target.value })}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <DownloadLink href={systemLogCsvUrl(filters)}>{t('admin.systemLog.csv')}</DownloadLink>
        <RefreshButton query={query} />
      </div>
      <PagedList
        query={query}
        label={t('admin.systemLog.title')}
        loadingLabel={t('admin.systemLog.loading')}
        emptyText={t('admin.systemLog.empty')}
      >
        {(item) => <SystemLogLine key={item.id} item={item} />}
      </PagedList>
    </section>
  );
}
