import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { formatUgx } from '@/lib/money.ts';
import { setThreshold, staffRightsQuery, thresholdQuery } from './api.ts';

const MAX_AMOUNT = 1_000_000_000;

/** Why a typed amount is refused (a translation key), or null for a whole number of shillings in range. */
function amountProblem(text: string): string | null {
  const digits = text.replace(/[\s,]/g, '');
  if (digits === '') return 'admin.approvals.threshold.required';
  if (!/^\d+$/.test(digits)) return 'admin.approvals.threshold.whole';
  if (Number(digits) > MAX_AMOUNT) return 'admin.approvals.threshold.tooLarge';
  return null;
}

/**
 * The four-eyes amount: every staff member who sees approvals sees it; a full admin
 * ('staff.manage') changes it here (the server audits the old and the new amount).
 */
export function ThresholdForm() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const threshold = useQuery(thresholdQuery);
  const fullAdmin = useQuery(staffRightsQuery).data?.staffRights?.includes('staff.manage') ?? false;
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: setThreshold,
    onSuccess: (amount) => {
      queryClient.setQueryData(thresholdQuery.queryKey, amount);
      setText(null);
      setSaved(amount);
    },
  });
  if (threshold.isPending) {
    return (
      <p role="status" className="text-sm text-stone-700">
        {t('admin.approvals.threshold.loading')}
      </p>
    );
  }
  if (threshold.isError) return <FormAlert>{errorText(threshold.error)}</FormAlert>;
  const current = threshold.data;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text ?? String(current);
    const refused = amountProblem(value);
    setProblem(refused);
    setSaved(null);
    if (!refused) save.mutate(Number(value.replace(/[\s,]/g, '')));
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 rounded-lg border border-stone-300 bg-white p-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('admin.approvals.threshold.title')}
      </h2>
      <p className="text-sm text-stone-700">{t('admin.approvals.threshold.current', { amount: formatUgx(current) })}</p>
      {fullAdmin ? (
        <form onSubmit={submit} noValidate className="space-y-3" aria-busy={save.isPending}>
          <TextField
            id={`${id}-amount`}
            label={t('admin.approvals.threshold.label')}
            hint={t('admin.approvals.threshold.hint')}
            inputMode="numeric"
            autoComplete="off"
            value={text ?? String(current)}
            error={problem ? t(problem) : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
              setSaved(null);
            }}
          />
          {save.isError && <FormAlert>{errorText(save.error)}</FormAlert>}
          <p role="status" className="text-sm font-medium text-green-800">
            {saved !== null ? t('admin.approvals.threshold.saved', { amount: formatUgx(saved) }) : ''}
          </p>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? t('admin.working') : t('admin.approvals.threshold.save')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-stone-700">{t('admin.approvals.threshold.readOnly')}</p>
      )}
    </section>
  );
}
