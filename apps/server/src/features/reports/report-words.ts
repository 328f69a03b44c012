import type { ColumnKind, ReportCell, ReportName } from '@ecogrid/core/reports';
import { textsFor } from '#src/platform/i18n.ts';

/**
 * The words of the report PDFs in one reader's language, from the `reports` catalogue (English,
 * Luganda, Kiswahili). CSV files keep their column keys: partner systems read them (docs/exports.md).
 */
export type ReportWords = {
  /** Sales, Collections, … */
  name: (report: ReportName) => string;
  /** "Sales report, 2026-03-01 to 2026-03-31" */
  title: (report: ReportName, from: string, to: string) => string;
  /** "EcoGrid system report, 2026-03-01 to 2026-03-31" */
  systemTitle: (from: string, to: string) => string;
  printed: (day: string) => string;
  filters: (filters: [string, string | number][]) => string;
  note: (key: string) => string;
  table: (key: string) => string;
  column: (key: string) => string;
  nothing: string;
  /** A cell as the PDF prints it: figures grouped in thousands, shares as percents, codes named, none as a dash. */
  cell: (kind: ColumnKind, value: ReportCell) => string;
};

/** Figures grouped as money is in every language's PDFs (UGX 1,250,000): 1,250,000. */
const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

const cache = new Map<string, ReportWords>();

/** The report words for a users.preferred_language value (anything else reads English). */
export function reportWords(language: string | null | undefined): ReportWords {
  const { t, language: lang } = textsFor(language);
  const known = cache.get(lang);
  if (known) return known;
  /** A word of a group (tables, columns, …); a key the catalogue lacks prints as the key. */
  const word = (group: string, key: string) => t(`reports:${group}.${key}`, { defaultValue: key });
  const words: ReportWords = {
    name: (report) => word('names', report),
    title: (report, from, to) => t('reports:title', { report: word('reportTitles', report), from, to }),
    systemTitle: (from, to) => t('reports:systemTitle', { from, to }),
    printed: (day) => t('reports:printed', { day }),
    filters: (filters) =>
      t('reports:filters', { filters: filters.map(([k, v]) => `${word('filterNames', k)} ${v}`).join(', ') }),
    note: (key) => word('notes', key),
    table: (key) => word('tables', key),
    column: (key) => word('columns', key),
    nothing: t('reports:nothing'),
    cell: (kind, value) => {
      if (value === null) return '–';
      if (typeof value === 'number') return kind === 'bp' ? `${(value / 100).toFixed(1)}%` : grouping.format(value);
      return kind === 'code' ? word('codes', value) : value;
    },
  };
  cache.set(lang, words);
  return words;
}
