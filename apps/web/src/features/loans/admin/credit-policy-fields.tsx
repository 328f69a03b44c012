import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useCheckedForm } from '@/lib/use-checked-form.ts';
import { CREDIT_CHECKS, CREDIT_OUTCOMES, type CreditPolicyRules } from './credit-policy-api.ts';
import { usePolicyCheck, type PercentField, type PolicyValues, type WholeField } from './credit-policy-form.ts';

type Props = {
  initial: PolicyValues;
  busy: boolean;
  /** The server's refusal. */
  error?: string | undefined;
  onSubmit: (input: { rules: CreditPolicyRules; note: string }) => void;
};

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3">
      <legend className="px-1 font-semibold">{title}</legend>
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * Every rule of the credit policy, checked by creditPolicyInputSchema before sending, with a note
 * saying why it changes; saving makes the next version.
 */
export function CreditPolicyForm({ initial, busy, error, onSubmit }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const check = usePolicyCheck();
  const [values, setValues] = useState(initial);
  const { form, errors, submit } = useCheckedForm(check, onSubmit);
  type TextKey = WholeField | PercentField | 'reminderDays' | 'lateFeeAmount' | 'lateFeeAfterDays' | 'note';
  const text = (
    field: TextKey,
    label: string,
    extra: { hint?: string; inputMode?: 'numeric' | 'decimal' | 'text' } = {},
  ) => (
    <TextField
      id={`${id}-${field}`}
      label={label}
      value={values[field]}
      onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
      error={errors[field]}
      autoComplete="off"
      inputMode={extra.inputMode ?? 'numeric'}
      {...(extra.hint ? { hint: extra.hint } : {})}
    />
  );
  const f = (key: string) => t(`adminLoans.policy.field.${key}`);
  const problems = Object.keys(errors).length;

  return (
    <form
      ref={form}
      onSubmit={submit(values)}
      noValidate
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
      className="space-y-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('adminLoans.policy.formTitle')}
      </h2>
      {(problems > 0 || error) && (
        <FormAlert>{error ?? t('adminLoans.policy.checkFields', { count: problems })}</FormAlert>
      )}
      <Group title={t('adminLoans.policy.applicationTitle')}>
        {text('openLoanLimit', f('openLoanLimit'))}
        {text('maxInstalmentShareBp', f('maxInstalmentShareBp'), { inputMode: 'decimal' })}
        {text('minScore', f('minScore'))}
      </Group>
      <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3">
        <legend className="px-1 font-semibold">{t('adminLoans.policy.outcomesTitle')}</legend>
        <p className="text-sm text-stone-700">{t('adminLoans.policy.outcomesHint')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {CREDIT_CHECKS.map((check) => (
            <SelectField
              key={check}
              id={`${id}-outcome-${check}`}
              label={t(`adminLoans.policy.checks.${check}`)}
              value={values.outcomes[check]}
              error={errors[`outcomes.${check}`]}
              onChange={(event) =>
                setValues((v) => ({
                  ...v,
                  outcomes: { ...v.outcomes, [check]: event.target.value as PolicyValues['outcomes'][typeof check] },
                }))
              }
              options={CREDIT_OUTCOMES.map((value) => ({ value, label: t(`adminLoans.policy.outcome.${value}`) }))}
            />
          ))}
        </div>
      </fieldset>
      <Group title={t('adminLoans.policy.collectionsTitle')}>
        {text('reminderDays', f('reminderDays'), { hint: t('adminLoans.policy.hint.reminderDays'), inputMode: 'text' })}
        {text('defaultAfterDays', f('defaultAfterDays'))}
        {text('writeOffAfterDays', f('writeOffAfterDays'))}
      </Group>
      <Group title={t('adminLoans.policy.restructuringTitle')}>
        {text('extensionFeePerInstalment', f('extensionFeePerInstalment'), {
          hint: t('adminLoans.policy.hint.extensionFee'),
        })}
        {text('maxExtensionInstalments', f('maxExtensionInstalments'))}
        <label className="flex min-h-11 items-center gap-3 sm:col-span-2">
          <input
            type="checkbox"
            checked={values.lateFeeOn}
            onChange={(event) => setValues((v) => ({ ...v, lateFeeOn: event.target.checked }))}
            className="h-5 w-5"
          />
          <span>{t('adminLoans.policy.hint.lateFee')}</span>
        </label>
        {values.lateFeeOn && (
          <>
            {text('lateFeeAmount', f('lateFeeAmount'))}
            {text('lateFeeAfterDays', f('lateFeeAfterDays'))}
          </>
        )}
        {text('earlyPayoffDiscountBp', f('earlyPayoffDiscountBp'), { inputMode: 'decimal' })}
      </Group>
      <Group title={t('adminLoans.policy.followOnTitle')}>
        {text('followOnDepositBp', f('followOnDepositBp'), { inputMode: 'decimal' })}
        {text('followOnMinOnTimeBp', f('followOnMinOnTimeBp'), { inputMode: 'decimal' })}
      </Group>
      {text('note', f('note'), { inputMode: 'text' })}
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? t('admin.working') : t('adminLoans.policy.save')}
        </Button>
      </div>
    </form>
  );
}
