import { portfolioFiltersSchema } from '@ecogrid/core/loans';
import { useState } from 'react';
import { useDebounced } from '@/lib/use-debounced.ts';
import { LOAN_STATUSES, type LoanFilters } from './api.ts';
import { useAddressFilters } from '@/lib/use-address-filters.ts';

/** The filters typed into boxes; the status is a list, applied at once. */
type TypedFilter = 'district' | 'agent' | 'minDaysPastDue' | 'maxDaysPastDue';
type TypedValues = Record<TypedFilter, string>;
type DayFilter = 'minDaysPastDue' | 'maxDaysPastDue';

const DAYS = /^\d{1,6}$/;
const isDayFilter = (field: TypedFilter): field is DayFilter =>
  field === 'minDaysPastDue' || field === 'maxDaysPastDue';

/** A typed value as the list asks for it (portfolioFiltersSchema's rules), or undefined when empty or not valid. */
function read<F extends TypedFilter>(field: F, text: string): LoanFilters[F] {
  const value = text.trim();
  if (!value || (isDayFilter(field) && !DAYS.test(value))) return undefined;
  const parsed = portfolioFiltersSchema.shape[field].safeParse(value);
  return (parsed.success ? parsed.data : undefined) as LoanFilters[F];
}

/**
 * The portfolio's filters, kept in the address so a reload or a shared link shows the same
 * list. What is typed goes into the address at once; the list asks the server once typing stops.
 * Days that are not a whole number, or a minimum above the maximum, are flagged and not sent.
 */
export function useLoanFilters() {
  const [params, update] = useAddressFilters();
  const [typed, setTyped] = useState<TypedValues>(() => ({
    district: params.get('district') ?? '',
    agent: params.get('agent') ?? '',
    minDaysPastDue: params.get('minDaysPastDue') ?? '',
    maxDaysPastDue: params.get('maxDaysPastDue') ?? '',
  }));
  const settled = useDebounced(typed, 400);
  const status = LOAN_STATUSES.find((s) => s === params.get('status'));
  const days = {
    min: read('minDaysPastDue', settled.minDaysPastDue),
    max: read('maxDaysPastDue', settled.maxDaysPastDue),
  };
  const reversed = days.min !== undefined && days.max !== undefined && days.min > days.max;
  const filters: LoanFilters = {
    status,
    district: read('district', settled.district),
    agent: read('agent', settled.agent),
    minDaysPastDue: reversed ? undefined : days.min,
    maxDaysPastDue: reversed ? undefined : days.max,
  };
  const invalid = (field: DayFilter) => typed[field].trim() !== '' && read(field, typed[field]) === undefined;
  const now = { min: read('minDaysPastDue', typed.minDaysPastDue), max: read('maxDaysPastDue', typed.maxDaysPastDue) };
  return {
    filters,
    typed,
    status,
    /** Which day boxes to flag: not whole days, or the minimum above the maximum. */
    problems: {
      minDaysPastDue: invalid('minDaysPastDue'),
      maxDaysPastDue: invalid('maxDaysPastDue'),
      reversed: now.min !== undefined && now.max !== undefined && now.min > now.max,
    },
    active: Object.values(filters).filter((value) => value !== undefined).length,
    setStatus: (next: string) => update('status', next || undefined),
    type(field: TypedFilter, text: string) {
      setTyped((current) => ({ ...current, [field]: text }));
      update(field, text.trim() || undefined);
    },
  };
}
