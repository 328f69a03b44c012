import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { useFormats } from '@/lib/formats.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import {
  diagnosticRunQuery,
  diagnosticRunsQuery,
  startDiagnosticRun,
  type DiagnosticRun,
  type DiagnosticRunSummary,
} from './api.ts';
import { RunView, StatusBadge, useStarter } from './diagnostic-run.tsx';

function HistoryItem({ run, selected }: { run: DiagnosticRunSummary; selected: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const starter = useStarter();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-stone-200 bg-white p-3">
      <StatusBadge status={run.status}>{t(`admin.diagnostics.overall.${run.status}`)}</StatusBadge>
      <span className="min-w-0 flex-1 text-sm">
        <time dateTime={run.startedAt} className="font-medium">
          {formats.stamp(run.startedAt)}
        </time>
        <span className="block text-stone-700">
          {starter(run)} · {t('admin.diagnostics.counts', run.counts)}
        </span>
      </span>
      <Link
        to={`?run=${run.id}`}
        aria-current={selected ? 'true' : undefined}
        className="inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-brand-800 underline hover:bg-brand-50"
      >
        {t('admin.diagnostics.open')}
        <span className="sr-only"> {formats.stamp(run.startedAt)}</span>
      </Link>
    </li>
  );
}

/** The run the page shows: the one opened from the history, else the newest. */
function ShownRun({ id, latest }: { id: string; latest: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const run = useQuery(diagnosticRunQuery(id));
  return (
    <AdminQuery query={run} loadingLabel={t('admin.diagnostics.loading')}>
      {(data) => (
        <RunView
          run={data}
          titleId="shown-run-title"
          title={
            latest
              ? t('admin.diagnostics.latestTitle')
              : t('admin.diagnostics.runTitle', { when: formats.stamp(data.startedAt) })
          }
        />
      )}
    </AdminQuery>
  );
}

/**
 * /system-testing: the system checks (database, job queue, email, SMS, mobile money, files, the
 * ledger, clock, disk, version). Run now runs them all and shows what each found; the hourly
 * runs and earlier ones are listed below, each openable.
 */
export default function DiagnosticsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.diagnostics.title'));
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const history = useInfiniteQuery(diagnosticRunsQuery);
  const [announcement, setAnnouncement] = useState('');
  const shownHeading = useRef<HTMLDivElement>(null);
  const run = useMutation({
    mutationFn: startDiagnosticRun,
    onMutate: () => setAnnouncement(t('admin.diagnostics.runningHelp')),
    onSuccess: (done: DiagnosticRun) => {
      queryClient.setQueryData(diagnosticRunQuery(done.id).queryKey, done);
      setParams({}, { replace: true });
      setAnnouncement(t('admin.diagnostics.done', done.counts));
      void queryClient.invalidateQueries({ queryKey: diagnosticRunsQuery.queryKey });
      shownHeading.current?.focus();
    },
    onError: () => setAnnouncement(''),
  });
  const newest = history.data?.pages[0]?.items[0]?.id ?? null;
  const opened = params.get('run');
  const shownId = opened ?? run.data?.id ?? newest;
  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="diagnostics-title">
      <AdminPageHeader titleId="diagnostics-title" title={t('admin.diagnostics.title')}>
        <p>{t('admin.diagnostics.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      <div className="space-y-2">
        <Button disabled={run.isPending} aria-busy={run.isPending} onClick={() => run.mutate()}>
          {run.isPending ? t('admin.diagnostics.running') : t('admin.diagnostics.runNow')}
        </Button>
        {run.isPending && (
          <progress className="block h-2 w-full max-w-sm" aria-label={t('admin.diagnostics.running')} />
        )}
        <p role="status" className="text-sm">
          {announcement}
        </p>
        {run.isError && <FormAlert>{errorText(run.error)}</FormAlert>}
      </div>
      <div ref={shownHeading} tabIndex={-1} className="space-y-3 outline-none">
        {opened && (
          <Link to="?" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
            {t('admin.diagnostics.backToLatest')}
          </Link>
        )}
        {shownId ? (
          <ShownRun id={shownId} latest={!opened} />
        ) : history.isSuccess ? (
          <p className="text-stone-700">{t('admin.diagnostics.noRuns')}</p>
        ) : null}
      </div>
      <section aria-labelledby="history-title" className="space-y-3">
        <h2 id="history-title" className="text-lg font-semibold">
          {t('admin.diagnostics.historyTitle')}
        </h2>
        <PagedList
          query={history}
          refresh
          label={t('admin.diagnostics.historyTitle')}
          loadingLabel={t('admin.diagnostics.historyLoading')}
          emptyText={t('admin.diagnostics.historyEmpty')}
        >
          {(item) => <HistoryItem key={item.id} run={item} selected={item.id === shownId} />}
        </PagedList>
      </section>
    </section>
  );
}
