import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import {
  jobsQuery,
  retryDeadLetter,
  runScheduledTask,
  type DeadLetter,
  type JobQueue,
  type JobSchedule,
} from './api.ts';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { useFormats } from '@/lib/formats.ts';

/** A queue's name in words where the page knows it, else as the server names it. */
function useQueueName() {
  const { t } = useTranslation();
  return (name: string) => t(`admin.jobs.queue.${name}`, { defaultValue: name });
}

function Queues({ queues }: { queues: JobQueue[] }) {
  const { t } = useTranslation();
  const queueName = useQueueName();
  const counts = ['ready', 'deferred', 'active', 'failed'] as const;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {queues.map((queue) => (
        <li key={queue.name} className="rounded-lg border border-stone-200 bg-white p-4">
          <h3 className="font-semibold">{queueName(queue.name)}</h3>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            {counts.map((count) => (
              <div key={count} className="flex justify-between gap-2">
                <dt className="text-stone-600">{t(`admin.jobs.${count}`)}</dt>
                <dd className="font-medium tabular-nums">{queue[count]}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Schedule({ schedule }: { schedule: JobSchedule }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const queueName = useQueueName();
  const errorText = useErrorText();
  const titleId = useId();
  const run = useMutation({ mutationFn: () => runScheduledTask(schedule.name) });
  return (
    <li className="space-y-2 rounded-lg border border-stone-200 bg-white p-4" aria-labelledby={titleId}>
      <h3 id={titleId} className="font-semibold">
        {queueName(schedule.name)}
      </h3>
      <p className="text-sm text-stone-700">
        {schedule.next ? t('admin.jobs.nextRun', { when: formats.stamp(schedule.next) }) : t('admin.jobs.noNextRun')}
      </p>
      <Button
        variant="secondary"
        disabled={run.isPending}
        aria-busy={run.isPending}
        onClick={() => run.mutate()}
        aria-describedby={`${titleId}-status`}
      >
        {run.isPending ? t('admin.jobs.starting') : t('admin.jobs.runNow')}
      </Button>
      <p id={`${titleId}-status`} role="status" className="text-sm">
        {run.isSuccess ? t('admin.jobs.started') : ''}
      </p>
      {run.isError && <FormAlert>{errorText(run.error)}</FormAlert>}
    </li>
  );
}

function DeadLetterItem({ job, onRetried }: { job: DeadLetter; onRetried: () => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const queueName = useQueueName();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const titleId = useId();
  const timeId = useId();
  const retry = useMutation({
    mutationFn: () => retryDeadLetter(job.id),
    onSuccess: onRetried,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey }),
  });
  const messageId = typeof job.data.messageId === 'string' ? job.data.messageId : null;
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="bad">{t('admin.jobs.failedBadge')}</Badge>
          <time id={timeId} dateTime={job.failedAt} className="ml-auto text-sm text-stone-700">
            {formats.stamp(job.failedAt)}
          </time>
        </div>
        <h3 id={titleId} className="font-semibold">
          {queueName(job.queue)}
        </h3>
        <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-stone-600">{t('admin.jobs.attempts')}</dt>
          <dd>{job.attempts}</dd>
          {job.firstQueuedAt && (
            <>
              <dt className="text-stone-600">{t('admin.jobs.firstQueued')}</dt>
              <dd>{formats.stamp(job.firstQueuedAt)}</dd>
            </>
          )}
          {job.error && (
            <>
              <dt className="text-stone-600">{t('admin.jobs.error')}</dt>
              <dd className="min-w-0 break-words text-red-900">{job.error}</dd>
            </>
          )}
        </dl>
        {messageId && (
          <p className="text-sm">
            <Link to="/admin/outbox" className="font-medium text-brand-800 underline">
              {t('admin.jobs.seeOutbox')}
            </Link>
          </p>
        )}
        <Button
          disabled={retry.isPending}
          aria-busy={retry.isPending}
          aria-describedby={`${titleId} ${timeId}`}
          onClick={() => retry.mutate()}
        >
          {retry.isPending ? t('admin.jobs.retrying') : t('admin.jobs.retry')}
        </Button>
        {retry.isError && <FormAlert>{errorText(retry.error)}</FormAlert>}
      </article>
    </li>
  );
}

/**
 * /admin/jobs: the background job queues (email and SMS delivery, scheduled tasks), and the
 * jobs that failed every retry, which an admin can send again once the cause is fixed.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const jobs = useQuery(jobsQuery);
  const refreshing = jobs.isFetching && !jobs.isPending;
  // The job sent back leaves the list: say so where it stays heard, and keep focus in the section.
  const [announcement, setAnnouncement] = useState('');
  const deadHeading = useRef<HTMLHeadingElement>(null);
  const retried = () => {
    setAnnouncement(t('admin.jobs.retried'));
    deadHeading.current?.focus();
  };
  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="jobs-title">
      <AdminPageHeader titleId="jobs-title" title={t('admin.jobs.title')}>
        <p>{t('admin.jobs.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      <div className="flex justify-end">
        <Button variant="secondary" disabled={refreshing} aria-busy={refreshing} onClick={() => void jobs.refetch()}>
          {refreshing ? t('admin.refreshing') : t('admin.refresh')}
        </Button>
      </div>
      <AdminQuery query={jobs} loadingLabel={t('admin.jobs.loading')}>
        {(data) => (
          <>
            <section aria-labelledby="dead-title" className="space-y-3">
              <h2 id="dead-title" ref={deadHeading} tabIndex={-1} className="text-lg font-semibold">
                {t('admin.jobs.deadTitle')}
              </h2>
              <p role="status" className="text-sm">
                {announcement}
              </p>
              {data.deadLetters.length === 0 ? (
                <p className="text-stone-700">{t('admin.jobs.deadEmpty')}</p>
              ) : (
                <ul className="space-y-3">
                  {data.deadLetters.map((job) => (
                    <DeadLetterItem key={job.id} job={job} onRetried={retried} />
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="queues-title" className="space-y-3">
              <h2 id="queues-title" className="text-lg font-semibold">
                {t('admin.jobs.queuesTitle')}
              </h2>
              <Queues queues={data.queues} />
            </section>
            <section aria-labelledby="schedules-title" className="space-y-3">
              <h2 id="schedules-title" className="text-lg font-semibold">
                {t('admin.jobs.schedulesTitle')}
              </h2>
              <ul className="space-y-3">
                {data.schedules.map((schedule) => (
                  <Schedule key={schedule.name} schedule={schedule} />
                ))}
              </ul>
            </section>
          </>
        )}
      </AdminQuery>
    </section>
  );
}
