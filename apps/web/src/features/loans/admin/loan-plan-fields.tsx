import { LOAN_FREQUENCIES, quoteLoan } from '@ecogrid/core/credit';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useCheckedForm } from '@/lib/use-checked-form.ts';
import { usePlanCheck, type PlanField, type PlanValues } from './loan-plan-form.ts';
import type { LoanPlanInput } from './api.ts';
import { QuoteFacts } from './loan-quote.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';

/** Focuses an element when it is first shown: a form just opened, or the plan just saved. */
export const focusOnMount = (element: HTMLElement | null) => element?.focus();

type Props = {
  initial: PlanValues;
  /** The product's cash price, for the preview of what a customer would see. */
  price: number;
  mode: 'create' | 'edit';
  busy: boolean;
  /** The server's refusal. */
  error?: string | undefined;
  onSubmit: (input: LoanPlanInput) => void;
  onCancel: () => void;
};

/**
 * A plan's terms in percent, checked by loanPlanInputSchema before sending (in basis points);
 * while the terms are valid it shows what a customer would be quoted at the product's price.
 */
export function LoanPlanForm({ initial, price, mode, busy, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const check = usePlanCheck();
  const [values, setValues] = useState(initial);
  const { form, errors, submit } = useCheckedForm(check, onSubmit);
  const set = <K extends PlanField>(field: K, value: PlanValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const preview = check(values).input;
  const text = (field: 'name' | 'deposit' | 'instalments' | 'markup', extra: Parameters<typeof TextField>[0]) => (
    <TextField
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={errors[field]}
      autoComplete="off"
      {...extra}
    />
  );
  const problems = Object.keys(errors).length;

  return (
    <form
      ref={form}
      onSubmit={submit(values)}
      noValidate
      aria-busy={busy}
      aria-label={mode === 'create' ? t('adminLoans.plans.newTitle') : t('adminLoans.plans.editTitle')}
      className="space-y-4 rounded-lg border border-brand-700 bg-white p-4"
    >
      <h3 ref={focusOnMount} tabIndex={-1} className="font-semibold">
        {mode === 'create' ? t('adminLoans.plans.newTitle') : t('adminLoans.plans.editTitle')}
      </h3>
      {(problems > 0 || error) && (
        <FormAlert>{error ?? t('adminLoans.plans.checkFields', { count: problems })}</FormAlert>
      )}
      {text('name', { id: `${id}-name`, label: t('adminLoans.plans.name'), maxLength: 80 })}
      <div className="grid gap-3 sm:grid-cols-2">
        {text('deposit', {
          id: `${id}-deposit`,
          label: t('adminLoans.plans.depositPercent'),
          hint: t('adminLoans.plans.depositHint'),
          inputMode: 'decimal',
          maxLength: 6,
        })}
        {text('markup', {
          id: `${id}-markup`,
          label: t('adminLoans.plans.markupPercent'),
          hint: t('adminLoans.plans.markupHint'),
          inputMode: 'decimal',
          maxLength: 6,
        })}
        {text('instalments', {
          id: `${id}-instalments`,
          label: t('adminLoans.plans.instalmentCount'),
          inputMode: 'numeric',
          maxLength: 3,
        })}
        <SelectField
          id={`${id}-frequency`}
          label={t('adminLoans.plans.frequency')}
          value={values.frequency}
          onChange={(event) => set('frequency', event.target.value as PlanValues['frequency'])}
          options={LOAN_FREQUENCIES.map((value) => ({ value, label: t(`adminLoans.frequency.${value}`) }))}
        />
      </div>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          checked={values.active}
          onChange={(event) => set('active', event.target.checked)}
          className="h-5 w-5"
        />
        <span>{t('adminLoans.plans.activeLabel')}</span>
      </label>
      <section aria-labelledby={`${id}-preview`} className="space-y-2 rounded-lg bg-stone-50 p-3">
        <h4 id={`${id}-preview`} className="text-sm font-semibold">
          {t('adminLoans.plans.previewTitle')}
        </h4>
        {preview ? (
          <QuoteFacts quote={quoteLoan(price, preview)} />
        ) : (
          <p className="text-sm text-stone-700">{t('adminLoans.plans.previewWaiting')}</p>
        )}
      </section>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? t('admin.working') : mode === 'create' ? t('adminLoans.plans.add') : t('adminLoans.plans.save')}
        </Button>
      </div>
    </form>
  );
}
