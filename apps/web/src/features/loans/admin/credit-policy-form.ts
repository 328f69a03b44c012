import type { CreditCheck, CreditOutcome } from '@ecogrid/core/credit-policy';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { basisPointsToPercent, percentToBasisPoints } from '@/lib/agent-terms.ts';
import { CREDIT_CHECKS, creditPolicyInputSchema, type CreditPolicyRules } from './credit-policy-api.ts';

/** The rules kept as whole numbers (days, counts, UGX) and as percentages typed ("30" for 3,000 basis points). */
const WHOLE = [
  'openLoanLimit',
  'minScore',
  'defaultAfterDays',
  'writeOffAfterDays',
  'extensionFeePerInstalment',
  'maxExtensionInstalments',
] as const;
const PERCENT = ['maxInstalmentShareBp', 'earlyPayoffDiscountBp', 'followOnDepositBp', 'followOnMinOnTimeBp'] as const;
export type WholeField = (typeof WHOLE)[number];
export type PercentField = (typeof PERCENT)[number];

/** The policy form as typed. */
export type PolicyValues = Record<WholeField | PercentField, string> & {
  outcomes: Record<CreditCheck, CreditOutcome>;
  reminderDays: string;
  lateFeeOn: boolean;
  lateFeeAmount: string;
  lateFeeAfterDays: string;
  note: string;
};
/** A field that can be refused: the text fields, and each check's outcome as `outcomes.<check>`. */
export type PolicyField =
  | WholeField
  | PercentField
  | 'reminderDays'
  | 'lateFeeAmount'
  | 'lateFeeAfterDays'
  | 'note'
  | `outcomes.${CreditCheck}`;
export type PolicyErrors = Partial<Record<PolicyField, string>>;

export function policyValues(rules: CreditPolicyRules): PolicyValues {
  const whole = Object.fromEntries(WHOLE.map((f) => [f, String(rules[f])])) as Record<WholeField, string>;
  const percent = Object.fromEntries(PERCENT.map((f) => [f, basisPointsToPercent(rules[f])])) as Record<
    PercentField,
    string
  >;
  return {
    ...whole,
    ...percent,
    outcomes: { ...rules.outcomes },
    reminderDays: rules.reminderDays.join(', '),
    lateFeeOn: rules.lateFee !== null,
    lateFeeAmount: rules.lateFee ? String(rules.lateFee.amount) : '',
    lateFeeAfterDays: rules.lateFee ? String(rules.lateFee.afterDays) : '',
    note: '',
  };
}

// Text that is not a whole number (or a percentage with two decimals at most) goes to the schema
// as NaN, so the schema refuses it with the rest. Amounts may be typed with thousands commas.
const wholeNumber = (text: string) => {
  const plain = text.replace(/[\s,]/g, '');
  return /^-?\d+$/.test(plain) ? Number(plain) : Number.NaN;
};
const basisPoints = (text: string) => percentToBasisPoints(text, Number.MAX_SAFE_INTEGER) ?? Number.NaN;

/** What the form sends: the shape creditPolicyInputSchema (and the server) checks. */
export function policyInput(values: PolicyValues): z.input<typeof creditPolicyInputSchema> {
  const rules = {
    ...Object.fromEntries(WHOLE.map((f) => [f, wholeNumber(values[f])])),
    ...Object.fromEntries(PERCENT.map((f) => [f, basisPoints(values[f])])),
    outcomes: values.outcomes,
    reminderDays: values.reminderDays
      .split(/[,;\s]+/)
      .filter((day) => day !== '')
      .map(wholeNumber),
    lateFee: values.lateFeeOn
      ? { amount: wholeNumber(values.lateFeeAmount), afterDays: wholeNumber(values.lateFeeAfterDays) }
      : null,
  } as CreditPolicyRules;
  return { rules, note: values.note };
}

const isPercent = (field: string): field is PercentField => (PERCENT as readonly string[]).includes(field);

/** The field an issue is about: `rules.lateFee.amount` is lateFeeAmount, any reminder day is reminderDays. */
function fieldOf(path: readonly PropertyKey[]): PolicyField | null {
  const [top, name, detail] = path.map(String);
  if (top === 'note') return 'note';
  if (name === 'outcomes' && (CREDIT_CHECKS as readonly string[]).includes(detail ?? ''))
    return `outcomes.${detail as CreditCheck}`;
  if (name === 'lateFee') return detail === 'afterDays' ? 'lateFeeAfterDays' : 'lateFeeAmount';
  if (name === 'reminderDays') return 'reminderDays';
  return name && ([...WHOLE, ...PERCENT] as readonly string[]).includes(name) ? (name as PolicyField) : null;
}

/**
 * Checks the form with creditPolicyInputSchema; each refused field gets the schema's rule in the
 * admin's language, with its bounds as the form asks for them (percentages in percent). Returns
 * the input to send (basis points), or the errors.
 */
export function usePolicyCheck() {
  const { t } = useTranslation();
  const bound = (field: PolicyField, value: number) => (isPercent(field) ? basisPointsToPercent(value) : value);
  const say = (field: PolicyField, issue: z.core.$ZodIssue): string => {
    if (field.startsWith('outcomes.')) return t('adminLoans.policy.check.outcome');
    if (field === 'note')
      return issue.code === 'too_big'
        ? t('adminLoans.policy.check.noteLong', { max: issue.maximum })
        : t('adminLoans.policy.check.note');
    if (issue.code === 'custom') return t('adminLoans.policy.check.twice');
    if (issue.code === 'too_big' && issue.origin === 'array')
      return t('adminLoans.policy.check.tooMany', { max: issue.maximum });
    if (issue.code === 'too_small')
      return t('adminLoans.policy.check.atLeast', { min: bound(field, Number(issue.minimum)) });
    if (issue.code === 'too_big')
      return t('adminLoans.policy.check.atMost', { max: bound(field, Number(issue.maximum)) });
    return isPercent(field) ? t('adminLoans.policy.check.percent') : t('adminLoans.policy.check.whole');
  };
  return (values: PolicyValues): { input: { rules: CreditPolicyRules; note: string } | null; errors: PolicyErrors } => {
    const result = creditPolicyInputSchema.safeParse(policyInput(values));
    if (result.success) return { input: result.data, errors: {} };
    const errors: PolicyErrors = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path);
      if (field) errors[field] ??= say(field, issue);
    }
    return { input: null, errors };
  };
}

/** The rules a version changed from the one before it, as the form's field names (`outcomes` once for any outcome). */
export function changedRules(before: CreditPolicyRules, after: CreditPolicyRules): (keyof CreditPolicyRules)[] {
  return (Object.keys(after) as (keyof CreditPolicyRules)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}
