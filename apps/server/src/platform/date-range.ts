import { addDays, daysBetween } from '@ecogrid/core/credit';
import { z } from '@hono/zod-openapi';
import { AppError } from './errors.ts';

/** The longest range a statement or report covers: a year, a leap day included. */
export const MAX_RANGE_DAYS = 366;

/** The query of a dated report: two calendar days (Kampala), both included. */
export const dateRangeQuery = z.object({
  from: z.string().max(10).openapi({ example: '2026-01-01', description: 'First day (YYYY-MM-DD), Kampala time' }),
  to: z.string().max(10).openapi({ example: '2026-03-31', description: 'Last day (YYYY-MM-DD), included' }),
});

const badRange = (message: string) => new AppError('bad_range', message, 422);

function isDay(value: string) {
  try {
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
  } catch {
    return false;
  }
}

/**
 * A checked range of days: real calendar days, `from` not after `to`, at most MAX_RANGE_DAYS
 * days; anything else is refused with 422. `start` and `end` are the instants it covers in
 * Kampala (UTC+3, no daylight saving): from the first day's midnight to the midnight after the last.
 */
export function checkedRange(from: string, to: string) {
  if (!isDay(from) || !isDay(to)) throw badRange('Give the dates as YYYY-MM-DD, real days of the calendar.');
  const days = daysBetween(from, to) + 1;
  if (days < 1) throw badRange('The first day comes after the last.');
  if (days > MAX_RANGE_DAYS) throw badRange('A range covers at most one year.');
  return {
    from,
    to,
    days,
    start: new Date(`${from}T00:00:00+03:00`),
    end: new Date(`${addDays(to, 1)}T00:00:00+03:00`),
  };
}
export type DateRange = ReturnType<typeof checkedRange>;
