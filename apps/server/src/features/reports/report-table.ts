import type { ColumnKind, ReportCell, ReportTable } from '@ecogrid/core/reports';
import type { DateRange } from '#src/platform/date-range.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import type { Database } from '#src/db/client.ts';

/** A table of a report: its key, how it is charted, its columns as `key:kind`, and its rows. */
export function table(key: string, chart: ReportTable['chart'], columns: string[], rows: ReportCell[][]): ReportTable {
  return {
    key,
    chart,
    columns: columns.map((column) => {
      const [name, kind] = column.split(':') as [string, ColumnKind | undefined];
      return { key: name, kind: kind ?? 'text' };
    }),
    rows,
  };
}

/** The names of the people with these ids (agents), by id; a missing one is named by the caller. */
export async function namesOf(db: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const people = await userSummaries(
    db,
    ids.filter((id): id is string => id !== null),
  );
  return new Map([...people].map(([id, person]) => [id, person.name]));
}

/** The first days (YYYY-MM-01) of the months a range touches. */
export function monthsOf(range: DateRange): string[] {
  const months: string[] = [];
  let [year, month] = [Number(range.from.slice(0, 4)), Number(range.from.slice(5, 7))];
  const last = range.to.slice(0, 7);
  for (;;) {
    const m = `${year}-${String(month).padStart(2, '0')}`;
    if (m > last) return months;
    months.push(`${m}-01`);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}
