import { daysBetween } from '@ecogrid/core/credit';
import type { ReportName } from '@ecogrid/core/reports';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { categoriesQuery, type ReportQuery } from './api.ts';

/** The longest range a report covers, as the server holds it: a year, a leap day included. */
const MAX_DAYS = 366;

/** Whether a range is one the server takes: real days, in order, at most a year. */
export function goodRange(from: string, to: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return false;
  const days = daysBetween(from, to) + 1;
  return days >= 1 && days <= MAX_DAYS;
}

/**
 * The days a report covers and, for the reports that take them, its filters: shown when the
 * reader asks, so the URL (and a link to it) holds what the report shows.
 */
export function ReportRange({
  name,
  query,
  onShow,
}: {
  name: ReportName | null;
  query: ReportQuery;
  onShow: (query: ReportQuery) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(query);
  const [error, setError] = useState<string | undefined>();
  const categories = useQuery({ ...categoriesQuery, enabled: name === 'sales' || name === 'stock' });
  const set = (key: keyof ReportQuery) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!goodRange(draft.from, draft.to)) {
      setError(t('reports.badRange'));
      return;
    }
    setError(undefined);
    onShow(draft);
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="report-range-title"
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4"
      noValidate
    >
      <h2 id="report-range-title" className="font-semibold">
        {t('reports.range')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="report-from"
          type="date"
          label={t('reports.from')}
          value={draft.from}
          onChange={set('from')}
          required
          error={error}
        />
        <TextField id="report-to" type="date" label={t('reports.to')} value={draft.to} onChange={set('to')} required />
        {name === 'sales' && (
          <TextField
            id="report-district"
            label={t('reports.district')}
            value={draft.district ?? ''}
            onChange={set('district')}
            autoComplete="off"
          />
        )}
        {(name === 'sales' || name === 'stock') && (
          <SelectField
            id="report-category"
            label={t('reports.category')}
            placeholder={t('reports.anyCategory')}
            value={draft.category ?? ''}
            onChange={set('category')}
            options={(categories.data?.items ?? []).map((c) => ({ value: c.slug, label: c.name }))}
          />
        )}
        {name === 'stock' && (
          <TextField
            id="report-low-stock"
            type="number"
            inputMode="numeric"
            min={0}
            label={t('reports.lowStock')}
            value={draft.lowStock ?? ''}
            onChange={set('lowStock')}
          />
        )}
      </div>
      <Button type="submit">{t('reports.show')}</Button>
    </form>
  );
}
