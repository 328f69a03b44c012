import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type Tone } from '@/components/ui/badge.tsx';
import { useFormats } from '@/lib/formats.ts';
import type { DiagnosticResult, DiagnosticRun, DiagnosticRunSummary, DiagnosticStatus } from './api.ts';

const TONES: Record<DiagnosticStatus, Tone> = { ok: 'good', warn: 'warn', fail: 'bad' };
/** A mark beside the word, so the status never rests on colour. */
const MARKS: Record<DiagnosticStatus, string> = { ok: '✓', warn: '!', fail: '✕' };

/** A status as a word with its mark. */
export function StatusBadge({ status, children }: { status: DiagnosticStatus; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Badge tone={TONES[status]}>
      <span aria-hidden="true" className="mr-1 font-bold">
        {MARKS[status]}
      </span>
      {children ?? t(`admin.diagnostics.status.${status}`)}
    </Badge>
  );
}

/** Who started a run: an admin by name, or the hourly schedule. */
export function useStarter() {
  const { t } = useTranslation();
  return (run: DiagnosticRunSummary) =>
    run.trigger === 'schedule'
      ? t('admin.diagnostics.bySchedule')
      : run.startedByName
        ? t('admin.diagnostics.byAdmin', { name: run.startedByName })
        : t('admin.diagnostics.byGone');
}

/** The details' plain values (numbers, words, yes/no), as the server named them. */
function Details({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  const shown = Object.entries(details).filter(
    ([, value]) => ['string', 'number', 'boolean'].includes(typeof value) || Array.isArray(value),
  );
  if (shown.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-800">{t('admin.diagnostics.details')}</summary>
      <dl className="mt-1 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1">
        {shown.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-stone-600">{key}</dt>
            <dd className="min-w-0 font-mono [overflow-wrap:anywhere]">
              {Array.isArray(value) ? value.join(', ') || '-' : String(value)}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function CheckItem({ result }: { result: DiagnosticResult }) {
  const { t } = useTranslation();
  return (
    <li className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t(`admin.diagnostics.checks.${result.check}`)}</h3>
        <StatusBadge status={result.status} />
      </div>
      <p lang="en" className="min-w-0 [overflow-wrap:anywhere]">
        {result.message}
      </p>
      <p className="text-sm text-stone-700">{t('admin.diagnostics.took', { ms: result.durationMs })}</p>
      <Details details={result.details} />
    </li>
  );
}

/** One run: when, who, its overall status, then every check with its status, words and time. */
export function RunView({ run, titleId, title }: { run: DiagnosticRun; titleId: string; title: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const starter = useStarter();
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={run.status}>{t(`admin.diagnostics.overall.${run.status}`)}</StatusBadge>
        <span className="text-sm text-stone-700">
          {t('admin.diagnostics.startedAt', { when: formats.stamp(run.startedAt) })} · {starter(run)}
        </span>
      </div>
      <p className="text-sm">{t('admin.diagnostics.counts', run.counts)}</p>
      <ul className="space-y-3" aria-label={t('admin.diagnostics.checksLabel')}>
        {run.results.map((result) => (
          <CheckItem key={result.check} result={result} />
        ))}
      </ul>
    </section>
  );
}
