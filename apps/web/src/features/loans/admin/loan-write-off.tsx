import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/admin/confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { formatUgx } from '@/lib/money.ts';
import type { AdminLoan } from './api.ts';
import { refetchLoans, writeOffInputSchema, writeOffLoan } from './write-offs-api.ts';

/** Writes off one defaulted loan with a reason, after saying how much goes to bad debt. */
export function LoanWriteOff({ loan }: { loan: AdminLoan }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const post = useMutation({
    mutationFn: () => writeOffLoan(loan.id, reason),
    retry: false,
    onSuccess: async (result) => {
      setConfirming(false);
      const text =
        'approval' in result
          ? t('adminLoans.writeOff.waiting', { number: loan.number, amount: formatUgx(result.approval.amount) })
          : t('adminLoans.writeOff.done', { number: loan.number, amount: formatUgx(result.amount) });
      void showToast(text, { kind: 'success' });
      await refetchLoans(queryClient);
    },
  });

  function ask(event: FormEvent) {
    event.preventDefault();
    const ok = writeOffInputSchema.safeParse({ reason }).success;
    setInvalid(!ok);
    if (ok) setConfirming(true);
  }

  return (
    <form noValidate onSubmit={ask} className="space-y-3" aria-labelledby="write-off-title">
      <h3 id="write-off-title" className="font-semibold">
        {t('adminLoans.writeOff.title')}
      </h3>
      <TextField
        id="write-off-one-reason"
        label={t('adminLoans.writeOffs.reason')}
        maxLength={300}
        value={reason}
        error={invalid ? t('adminLoans.writeOffs.errors.reasonNeeded') : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" variant="danger">
        {t('adminLoans.writeOff.button')}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={t('adminLoans.writeOff.confirmTitle', { number: loan.number })}
          confirmLabel={t('adminLoans.writeOffs.confirm')}
          danger
          busy={post.isPending}
          error={post.error?.message}
          onConfirm={() => post.mutate()}
          onClose={() => setConfirming(false)}
        >
          <p>{t('adminLoans.writeOff.confirmText', { amount: formatUgx(loan.outstanding) })}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
