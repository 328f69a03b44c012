import { PLAN_LIMITS, type LoanFrequency } from '@ecogrid/core/credit';
import { useTranslation } from 'react-i18next';
import { basisPointsToPercent, percentToBasisPoints } from '@/lib/agent-terms.ts';
import { loanPlanInputSchema, type LoanPlan, type LoanPlanInput } from './api.ts';

/** The plan form as typed: percentages as the admin reads them ("25" for 25 %), sent as basis points. */
export type PlanValues = {
  name: string;
  deposit: string;
  instalments: string;
  frequency: LoanFrequency;
  markup: string;
  active: boolean;
};
export type PlanField = keyof PlanValues;
export type PlanErrors = Partial<Record<PlanField, string>>;

export function planValues(plan?: LoanPlan): PlanValues {
  return {
    name: plan?.name ?? '',
    deposit: plan ? basisPointsToPercent(plan.depositBp) : '',
    instalments: plan ? String(plan.instalments) : '',
    frequency: plan?.frequency ?? 'monthly',
    markup: plan ? basisPointsToPercent(plan.markupBp) : '',
    active: plan?.active ?? true,
  };
}

// A percentage that is not a number with two decimals at most is sent to the schema as NaN, so
// the schema refuses it with the rest.
const basisPoints = (text: string) => percentToBasisPoints(text, Number.MAX_SAFE_INTEGER) ?? Number.NaN;
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** What the form sends: the shape loanPlanInputSchema (and the server) checks. */
export const planInput = (values: PlanValues): LoanPlanInput => ({
  name: values.name,
  depositBp: basisPoints(values.deposit),
  instalments: wholeNumber(values.instalments),
  frequency: values.frequency,
  markupBp: basisPoints(values.markup),
  active: values.active,
});

const FIELD_OF: Record<string, PlanField> = {
  name: 'name',
  depositBp: 'deposit',
  instalments: 'instalments',
  frequency: 'frequency',
  markupBp: 'markup',
  active: 'active',
};

/**
 * Checks the form with loanPlanInputSchema; each refused field gets its rule in the admin's
 * language, with the limits in percent as the form asks for them. Returns the input to send
 * (basis points), or the errors.
 */
export function usePlanCheck() {
  const { t } = useTranslation();
  const percent = (bp: number) => basisPointsToPercent(bp);
  const rule: Record<PlanField, () => string> = {
    name: () => t('adminLoans.plans.check.name'),
    deposit: () =>
      t('adminLoans.plans.check.percent', {
        min: percent(PLAN_LIMITS.depositBp.min),
        max: percent(PLAN_LIMITS.depositBp.max),
      }),
    instalments: () =>
      t('adminLoans.plans.check.instalments', {
        min: PLAN_LIMITS.instalments.min,
        max: PLAN_LIMITS.instalments.max,
      }),
    frequency: () => t('adminLoans.plans.check.frequency'),
    markup: () =>
      t('adminLoans.plans.check.percent', {
        min: percent(PLAN_LIMITS.markupBp.min),
        max: percent(PLAN_LIMITS.markupBp.max),
      }),
    active: () => t('adminLoans.plans.check.active'),
  };
  return (values: PlanValues): { input: LoanPlanInput | null; errors: PlanErrors } => {
    const result = loanPlanInputSchema.safeParse(planInput(values));
    if (result.success) return { input: result.data, errors: {} };
    const errors: PlanErrors = {};
    for (const issue of result.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field) errors[field] ??= rule[field]();
    }
    return { input: null, errors };
  };
}
