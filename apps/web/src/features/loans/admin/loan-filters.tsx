import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field.tsx';
import { LOAN_STATUSES } from './api.ts';
import type { useLoanFilters } from './use-loan-filters.ts';
import { SelectField } from '@/components/ui/select-field.tsx';

type Props = { state: ReturnType<typeof useLoanFilters> };

/**
 * The portfolio's filters in a disclosure (out of the way on a phone, open when any is set):
 * status, district, agent code, and days past due from and to.
 */
export function LoanFiltersForm({ state }: Props) {
  const { t } = useTranslation();
  const { typed, problems } = state;
  const dayError = (field: 'minDaysPastDue' | 'maxDaysPastDue') =>
    problems[field]
      ? t('adminLoans.filters.wholeDays')
      : problems.reversed && field === 'minDaysPastDue'
        ? t('adminLoans.filters.reversed')
        : undefined;
  const box = { autoComplete: 'off', spellCheck: false } as const;

  return (
    <details open={state.active > 0} className="rounded-lg border border-stone-200 bg-white p-4 open:space-y-3">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">
        {t('adminLoans.filters.title')}
        {state.active > 0 && (
          <span className="font-normal text-stone-700"> — {t('adminLoans.filters.on', { count: state.active })}</span>
        )}
      </summary>
      <form
        role="search"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-3 sm:grid-cols-2 md:grid-cols-3"
      >
        <SelectField
          id="loans-status"
          label={t('adminLoans.filters.status')}
          value={state.status ?? ''}
          onChange={(event) => state.setStatus(event.target.value)}
          options={[
            { value: '', label: t('adminLoans.filters.allStatuses') },
            ...LOAN_STATUSES.map((value) => ({ value, label: t(`adminLoans.status.${value}`) })),
          ]}
        />
        <TextField
          id="loans-district"
          label={t('adminLoans.filters.district')}
          value={typed.district}
          onChange={(event) => state.type('district', event.target.value)}
          maxLength={100}
          {...box}
        />
        <TextField
          id="loans-agent"
          label={t('adminLoans.filters.agent')}
          value={typed.agent}
          onChange={(event) => state.type('agent', event.target.value)}
          maxLength={40}
          autoCapitalize="characters"
          {...box}
        />
        <TextField
          id="loans-min-days"
          label={t('adminLoans.filters.minDays')}
          value={typed.minDaysPastDue}
          onChange={(event) => state.type('minDaysPastDue', event.target.value)}
          error={dayError('minDaysPastDue')}
          inputMode="numeric"
          maxLength={6}
          {...box}
        />
        <TextField
          id="loans-max-days"
          label={t('adminLoans.filters.maxDays')}
          value={typed.maxDaysPastDue}
          onChange={(event) => state.type('maxDaysPastDue', event.target.value)}
          error={dayError('maxDaysPastDue')}
          inputMode="numeric"
          maxLength={6}
          {...box}
        />
      </form>
    </details>
  );
}
