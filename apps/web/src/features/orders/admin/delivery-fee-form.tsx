import { parseUgx } from '@ecogrid/core/money';
import { deliveryFeeRuleSchema } from '@ecogrid/core/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { outcomeUnknown } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { deliveryFeeQuery, setDeliveryFee, type DeliveryFeeRule } from './api.ts';
import { AdminError, useErrorText } from '@/components/admin/admin-error.tsx';

type Field = 'flatFee' | 'freeFrom';

/** The highest flat fee the server's schema takes. */
const MAX_FEE = 500_000;
type Errors = Partial<Record<Field, string>>;

/** The rule in a sentence: free, a flat fee, or a flat fee waived from an order value. */
export function useRuleText() {
  const { t } = useTranslation();
  return (rule: DeliveryFeeRule) =>
    rule.flatFee === 0
      ? t('admin.orders.fee.free')
      : rule.freeFrom === null
        ? t('admin.orders.fee.flat', { fee: formatUgx(rule.flatFee) })
        : t('admin.orders.fee.flatFreeFrom', { fee: formatUgx(rule.flatFee), from: formatUgx(rule.freeFrom) });
}

function FeeForm({ rule, onSaved }: { rule: DeliveryFeeRule; onSaved: (rule: DeliveryFeeRule) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [flatFee, setFlatFee] = useState(String(rule.flatFee));
  const [freeFrom, setFreeFrom] = useState(rule.freeFrom === null ? '' : String(rule.freeFrom));
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation({
    mutationFn: setDeliveryFee,
    // Setting the same rule twice changes nothing more: a lost answer is tried again.
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: (saved) => {
      queryClient.setQueryData(deliveryFeeQuery.queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['checkout', 'options'] });
      onSaved(saved);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = { flatFee: parseUgx(flatFee), freeFrom: freeFrom.trim() ? parseUgx(freeFrom) : null };
    const found: Errors = {};
    if (typed.flatFee === null) found.flatFee = t('admin.orders.fee.notWhole');
    if (freeFrom.trim() && typed.freeFrom === null) found.freeFrom = t('admin.orders.fee.notWhole');
    const checked = deliveryFeeRuleSchema.safeParse(typed);
    if (!found.flatFee && !found.freeFrom && !checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??=
          issue.code === 'too_big'
            ? t('admin.orders.fee.tooBig', { max: formatUgx(MAX_FEE) })
            : issue.code === 'too_small'
              ? t('admin.orders.fee.negative')
              : t('admin.orders.fee.notWhole');
      }
    }
    setErrors(found);
    const first = (['flatFee', 'freeFrom'] as const).find((field) => found[field]);
    if (first || !checked.success) {
      document.getElementById(`fee-${first ?? 'flatFee'}`)?.focus();
      return;
    }
    save.mutate(checked.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={save.isPending}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="fee-flatFee"
          label={t('admin.orders.fee.flatFeeLabel')}
          hint={t('admin.orders.fee.flatFeeHint')}
          error={errors.flatFee}
          value={flatFee}
          onChange={(event) => setFlatFee(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
        />
        <TextField
          id="fee-freeFrom"
          label={t('admin.orders.fee.freeFromLabel')}
          hint={t('admin.orders.fee.freeFromHint')}
          error={errors.freeFrom}
          value={freeFrom}
          onChange={(event) => setFreeFrom(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
        />
      </div>
      {save.isError && <FormAlert>{errorText(save.error)}</FormAlert>}
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? t('admin.working') : t('admin.orders.fee.save')}
      </Button>
    </form>
  );
}

/** The delivery fee checkout charges: the rule now, and a form to change it (in a disclosure, out of the list's way). */
export function DeliveryFeeSetting() {
  const { t } = useTranslation();
  const rule = useQuery(deliveryFeeQuery);
  const ruleText = useRuleText();
  const [saved, setSaved] = useState('');
  return (
    <details className="rounded-lg border border-stone-200 bg-white p-4 open:space-y-3">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">
        {t('admin.orders.fee.title')}
        {rule.data && <span className="font-normal text-stone-700"> — {ruleText(rule.data)}</span>}
      </summary>
      <p role="status" className={saved ? 'rounded-lg bg-brand-50 p-3 text-brand-900' : 'sr-only'}>
        {saved}
      </p>
      {rule.isPending ? (
        <p role="status">{t('admin.orders.fee.loading')}</p>
      ) : rule.isError ? (
        <AdminError error={rule.error} onRetry={() => void rule.refetch()} />
      ) : (
        <FeeForm
          key={JSON.stringify(rule.data)}
          rule={rule.data}
          onSaved={(next) => setSaved(t('admin.orders.fee.saved', { rule: ruleText(next) }))}
        />
      )}
    </details>
  );
}
