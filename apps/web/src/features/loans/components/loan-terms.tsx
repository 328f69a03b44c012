import { quoteLoan, repaymentSchedule, type LoanQuote, type ScheduledInstalment } from '@ecogrid/core/credit';
import { useTranslation } from 'react-i18next';
import { Fact } from '@/components/ui/fact.tsx';
import { formatUgx } from '@/lib/money.ts';
import type { LoanPlan } from '../api.ts';
import { useFormats } from '@/lib/formats.ts';
import { today } from '../format.ts';

export type Terms = Pick<
  LoanQuote,
  | 'cashPrice'
  | 'creditPrice'
  | 'deposit'
  | 'instalment'
  | 'lastInstalment'
  | 'instalments'
  | 'frequency'
  | 'costOfCredit'
  | 'depositDays'
>;

/** "UGX 10,000", or "UGX 10,000, the last UGX 10,004" when rounding made the last one differ. */
export function useInstalmentText() {
  const { t } = useTranslation();
  return (terms: Pick<Terms, 'instalment' | 'lastInstalment'>) =>
    terms.lastInstalment === terms.instalment
      ? formatUgx(terms.instalment)
      : t('loans.terms.instalmentLast', { amount: formatUgx(terms.instalment), last: formatUgx(terms.lastInstalment) });
}

/**
 * What a customer sees before accepting a plan (GOGLA consumer-protection practice): the cash
 * and credit prices, the deposit, each instalment, how many and how often, and the total cost
 * of credit, and the days of power the deposit buys. `units` above 1: each unit is a loan of its own on these terms.
 */
export function LoanTerms({ terms, units = 1 }: { terms: Terms; units?: number }) {
  const { t } = useTranslation();
  const instalment = useInstalmentText();
  return (
    <div className="space-y-2">
      <dl className="space-y-1 text-sm">
        <Fact variant="figure" term={t('loans.terms.cashPrice')}>
          {formatUgx(terms.cashPrice)}
        </Fact>
        <Fact variant="figure" term={t('loans.terms.creditPrice')}>
          <span className="font-semibold">{formatUgx(terms.creditPrice)}</span>
        </Fact>
        <Fact variant="figure" term={t('loans.terms.deposit')}>
          {formatUgx(terms.deposit)}
        </Fact>
        <Fact variant="figure" term={t('loans.terms.instalment')}>
          {instalment(terms)}
        </Fact>
        <Fact variant="figure" term={t('loans.terms.instalments')}>
          {t(`loans.terms.count.${terms.frequency}`, { count: terms.instalments })}
        </Fact>
        <Fact variant="figure" term={t('loans.terms.costOfCredit')}>
          {formatUgx(terms.costOfCredit)}
        </Fact>
      </dl>
      {terms.deposit > 0 && (
        <p className="text-sm text-stone-700">{t('loans.terms.depositDays', { count: terms.depositDays })}</p>
      )}
      {units > 1 && <p className="text-sm text-stone-700">{t('loans.terms.units', { count: units })}</p>}
    </div>
  );
}

/** Every instalment with its due date and amount, folded away until asked for. */
export function ScheduleDetails({ schedule, note }: { schedule: ScheduledInstalment[]; note: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <details className="rounded-lg border border-stone-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 font-medium text-brand-800">
        {t('loans.schedule.show', { count: schedule.length })}
      </summary>
      <div className="space-y-2 border-t border-stone-200 px-3 py-2">
        <p className="text-sm text-stone-700">{note}</p>
        <ol className="divide-y divide-stone-100 text-sm">
          {schedule.map((item) => (
            <li key={item.number} className="flex items-baseline justify-between gap-2 py-1.5">
              <span>
                <span className="mr-2 inline-block min-w-6 text-stone-600">{item.number}.</span>
                <time dateTime={item.dueDate}>{formats.day(item.dueDate)}</time>
              </span>
              <span className="tabular-nums">{formatUgx(item.amountDue)}</span>
            </li>
          ))}
        </ol>
      </div>
    </details>
  );
}

/** A plan's quote for a cash price, and its schedule counted from today. */
export function planQuote(price: number, plan: LoanPlan) {
  const quote = quoteLoan(price, plan, today());
  return { quote, schedule: repaymentSchedule(quote, today()) };
}

/** A plan's terms for a product at its cash price, with the schedule it would have if started today. */
export function PlanTerms({ price, plan, units = 1 }: { price: number; plan: LoanPlan; units?: number }) {
  const { t } = useTranslation();
  const { quote, schedule } = planQuote(price, plan);
  return (
    <div className="space-y-3">
      <LoanTerms terms={quote} units={units} />
      <ScheduleDetails schedule={schedule} note={t('loans.schedule.fromToday')} />
    </div>
  );
}
