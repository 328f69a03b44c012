import { TAX_CLASSES } from '@ecogrid/core/orders';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import type { AdminCategory } from './api.ts';
import type { Field, FieldErrors, FormValues } from './product-form.ts';

type Props = {
  initial: FormValues;
  categories: AdminCategory[];
  /** A new product (with its opening stock) or a change to one. */
  mode: 'create' | 'edit';
  busy: boolean;
  /** Refusals to show beside their fields: the form's own checks, or the server's. */
  errors: FieldErrors;
  /** A refusal that belongs to no one field. */
  formError?: string | undefined;
  onSubmit: (values: FormValues) => void;
};

const box = (error: boolean) =>
  `min-h-11 w-full rounded-lg border bg-white px-3 text-base ${error ? 'border-red-600' : 'border-stone-300'}`;

/** A labelled control that is not a plain input (a list, a long text), with its hint and error read out with it. */
function Labelled({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: (described: string | undefined) => ReactNode;
}) {
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children(described)}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The product's details, checked here by the server's own schema before sending; refusals show
 * beside their fields and the first one takes the focus. On a phone it is one column.
 */
export function ProductForm({ initial, categories, mode, busy, errors, formError, onSubmit }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const set = <K extends Field>(field: K, value: FormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const fieldId = (field: Field) => `${id}-${field}`;
  const text = (field: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={fieldId(field)}
      name={field}
      label={t(`admin.productForm.${field}`)}
      value={values[field] as string}
      onChange={(event) => set(field, event.target.value)}
      error={errors[field]}
      autoComplete="off"
      {...extra}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  const problems = Object.keys(errors).length;
  // The first refused field (in the order the form shows them) takes the focus.
  useEffect(() => {
    if (Object.keys(errors).length > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
      {(problems > 0 || formError) && (
        <FormAlert>{formError ?? t('admin.productForm.checkFields', { count: problems })}</FormAlert>
      )}
      <Group legend={t('admin.productForm.basics')}>
        {text('name', { maxLength: 120 })}
        {text('sku', {
          maxLength: 40,
          autoCapitalize: 'characters',
          spellCheck: false,
          className: 'uppercase',
          hint: t('admin.productForm.skuHint'),
        })}
        {text('brand', { maxLength: 60 })}
        <Labelled id={fieldId('category')} label={t('admin.productForm.category')} error={errors.category}>
          {(described) => (
            <select
              id={fieldId('category')}
              name="category"
              value={values.category}
              onChange={(event) => set('category', event.target.value)}
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={described}
              className={box(Boolean(errors.category))}
            >
              <option value="">{t('admin.productForm.chooseCategory')}</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug} disabled={!c.active && c.slug !== initial.category}>
                  {c.active ? c.name : t('admin.categories.inactiveName', { name: c.name })}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      </Group>

      <Group legend={t('admin.productForm.priceGroup')}>
        {text('price', { inputMode: 'numeric', hint: t('admin.productForm.priceHint'), maxLength: 15 })}
        <Labelled id={fieldId('taxClass')} label={t('admin.productForm.taxClass')} error={errors.taxClass}>
          {(described) => (
            <select
              id={fieldId('taxClass')}
              name="taxClass"
              value={values.taxClass}
              onChange={(event) => set('taxClass', event.target.value as FormValues['taxClass'])}
              aria-describedby={described}
              className={box(Boolean(errors.taxClass))}
            >
              {TAX_CLASSES.map((taxClass) => (
                <option key={taxClass} value={taxClass}>
                  {t(`admin.productForm.taxClasses.${taxClass}`)}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="loanEligible"
            checked={values.loanEligible}
            onChange={(event) => set('loanEligible', event.target.checked)}
            className="h-5 w-5"
          />
          <span>{t('admin.productForm.loanEligible')}</span>
        </label>
      </Group>

      <Group legend={t('admin.productForm.descriptionGroup')}>
        <Labelled id={fieldId('description')} label={t('admin.productForm.description')} error={errors.description}>
          {(described) => (
            <textarea
              id={fieldId('description')}
              name="description"
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
              rows={5}
              maxLength={4_000}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={described}
              className={`${box(Boolean(errors.description))} py-2`}
            />
          )}
        </Labelled>
      </Group>

      <Group legend={t('admin.productForm.specsGroup')}>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('panelWatts', { inputMode: 'numeric', hint: t('admin.productForm.optional') })}
          {text('batteryWh', { inputMode: 'numeric', hint: t('admin.productForm.optional') })}
          {text('lights', { inputMode: 'numeric', hint: t('admin.productForm.optional') })}
          {text('warrantyMonths', { inputMode: 'numeric' })}
        </div>
        <Labelled
          id={fieldId('appliances')}
          label={t('admin.productForm.appliances')}
          hint={t('admin.productForm.appliancesHint')}
          error={errors.appliances}
        >
          {(described) => (
            <textarea
              id={fieldId('appliances')}
              name="appliances"
              value={values.appliances}
              onChange={(event) => set('appliances', event.target.value)}
              rows={3}
              aria-invalid={errors.appliances ? true : undefined}
              aria-describedby={described}
              className={`${box(Boolean(errors.appliances))} py-2`}
            />
          )}
        </Labelled>
      </Group>

      {mode === 'create' && (
        <Group legend={t('admin.productForm.stockGroup')}>
          {text('stock', { inputMode: 'numeric', hint: t('admin.productForm.stockHint'), maxLength: 9 })}
        </Group>
      )}

      <div className="flex justify-end">
        <Button type="submit" disabled={busy} aria-busy={busy} className="w-full sm:w-auto">
          {busy ? t('admin.working') : t(mode === 'create' ? 'admin.productForm.create' : 'admin.productForm.save')}
        </Button>
      </div>
    </form>
  );
}
