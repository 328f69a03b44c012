import { quoteLoan } from '@ecogrid/core/credit';
import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';
import type { LoanPlan } from '../api.ts';
import { choiceClass } from '@/components/ui/choice.ts';

type Props = {
  /** Names the radio group and prefixes the ids: `${name}-${plan.id}`. */
  name: string;
  price: number;
  plans: LoanPlan[];
  value: string | null;
  onChange: (planId: string) => void;
  error?: string | undefined;
  disabled?: boolean;
};

export const planInputId = (name: string, planId: string) => `${name}-${planId}`;

/** The plans a product is offered on, each summed up in a line: the deposit, then how many payments of how much. */
export function PlanChoice({ name, price, plans, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const errorId = `${name}-error`;
  return (
    <fieldset className="space-y-2" disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{t('loans.plan.legend')}</legend>
      {plans.map((plan) => {
        const quote = quoteLoan(price, plan);
        const chosen = value === plan.id;
        return (
          <label key={plan.id} className={choiceClass(chosen, 'card')}>
            <input
              type="radio"
              id={planInputId(name, plan.id)}
              name={name}
              value={plan.id}
              checked={chosen}
              onChange={() => onChange(plan.id)}
              className="mt-1 h-5 w-5 shrink-0 accent-brand-800"
            />
            <span className="min-w-0">
              <span className="block font-medium break-words">{plan.name}</span>
              <span className="block text-sm text-stone-700">
                {t(`loans.plan.summary.${plan.frequency}`, {
                  count: quote.instalments,
                  deposit: formatUgx(quote.deposit),
                  amount: formatUgx(quote.instalment),
                })}
              </span>
            </span>
          </label>
        );
      })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}
