import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { apiFetch } from '@/lib/api-client.ts';
import { useFormats } from '@/lib/formats.ts';
import { scheduleChangesQuery, type Loan } from '../api.ts';

const call = (id: string, action: 'pause' | 'resume', body: unknown) =>
  apiFetch<Loan>(`/api/admin/loans/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * Pausing a running loan while a reported device fault is open (the unpaid instalments fall due
 * that many days later, at no fee), or ending a pause early.
 */
export function LoanPause({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const history = useQuery(scheduleChangesQuery(loan.id, true));
  const [days, setDays] = useState('14');
  const [reason, setReason] = useState('');
  const change = useMutation({
    mutationFn: (action: 'pause' | 'resume') =>
      call(loan.id, action, action === 'pause' ? { days: Number(days), reason } : {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['loans'] }),
  });
  if (loan.status !== 'active' && loan.status !== 'defaulted') return null;
  const pausedUntil = history.data?.pausedUntil ?? null;
  if (pausedUntil) {
    return (
      <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
        <p>{t('adminLoans.pause.pausedUntil', { date: formats.day(pausedUntil) })}</p>
        {change.isError && <FormAlert>{change.error.message}</FormAlert>}
        <Button variant="secondary" disabled={change.isPending} onClick={() => change.mutate('resume')}>
          {t('adminLoans.pause.resume')}
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate('pause');
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <p className="text-sm text-stone-700">{t('adminLoans.pause.hint')}</p>
      <TextField
        id="pause-days"
        label={t('adminLoans.pause.days')}
        inputMode="numeric"
        value={days}
        onChange={(e) => setDays(e.target.value)}
      />
      <TextField
        id="pause-reason"
        label={t('adminLoans.pause.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {change.isError && <FormAlert>{change.error.message}</FormAlert>}
      <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
        {t('adminLoans.pause.pause')}
      </Button>
    </form>
  );
}
