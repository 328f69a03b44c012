import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { ConfirmDialog } from '@/components/admin/confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAttemptKey } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { WriteOffChoices } from './write-off-choices.tsx';
import {
  bulkWriteOffInputSchema,
  refetchLoans,
  WRITE_OFF_LIMIT,
  writeOffLoans,
  writeOffPreviewQuery,
  type BulkWriteOffResult,
  type AwaitingApproval,
  type WriteOffPreview,
} from './write-offs-api.ts';

type Problem = 'chooseLoans' | 'tooMany' | 'reasonNeeded';

/** The loans that qualify, chosen (at most 2,000), with the reason; confirmed, then written off. */
function WriteOffForm({
  preview,
  onDone,
}: {
  preview: WriteOffPreview;
  onDone: (result: BulkWriteOffResult | AwaitingApproval) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosenLoans = preview.loans.filter((loan) => chosen.has(loan.id));
  const total = chosenLoans.reduce((sum, loan) => sum + loan.owed, 0);
  const input = { loanIds: chosenLoans.map((loan) => loan.id), reason };
  const post = useMutation({
    mutationFn: () => writeOffLoans(input, attempt.keyFor(input)),
    retry: false,
    onSettled: (_result, error) => attempt.settled(error ?? undefined),
    onSuccess: async (result) => {
      setConfirming(false);
      setChosen(new Set());
      onDone(result);
      await refetchLoans(queryClient);
    },
  });

  function ask() {
    const next: Problem | null =
      chosen.size === 0
        ? 'chooseLoans'
        : chosen.size > WRITE_OFF_LIMIT
          ? 'tooMany'
          : !bulkWriteOffInputSchema.safeParse(input).success
            ? 'reasonNeeded'
            : null;
    setProblem(next);
    if (!next) setConfirming(true);
  }

  return (
    <div className="space-y-4">
      <WriteOffChoices loans={preview.loans} chosen={chosen} onChange={setChosen} />
      <p role="status" className="font-medium">
        {t('adminLoans.writeOffs.chosen', { count: chosen.size, total: formatUgx(total) })}
      </p>
      {(problem === 'chooseLoans' || problem === 'tooMany') && (
        <FormAlert>
          {t(`adminLoans.writeOffs.errors.${problem}`, { limit: WRITE_OFF_LIMIT.toLocaleString('en') })}
        </FormAlert>
      )}
      <TextField
        id="write-off-reason"
        label={t('adminLoans.writeOffs.reason')}
        maxLength={300}
        value={reason}
        error={problem === 'reasonNeeded' ? t('adminLoans.writeOffs.errors.reasonNeeded') : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button variant="danger" onClick={ask}>
        {t('adminLoans.writeOffs.writeOff')}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={t('adminLoans.writeOffs.confirmTitle')}
          confirmLabel={t('adminLoans.writeOffs.confirm')}
          danger
          busy={post.isPending}
          error={post.error?.message}
          onConfirm={() => post.mutate()}
          onClose={() => setConfirming(false)}
        >
          <p>{t('adminLoans.writeOffs.confirmText', { count: chosen.size, total: formatUgx(total) })}</p>
          {post.isPending && (
            <p role="status" className="mt-2">
              {t('adminLoans.writeOffs.posting', { count: chosen.size })}
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}

/** /admin/write-offs: defaulted loans the credit policy lets admins write off, written off together. */
export default function WriteOffsPage() {
  const { t } = useTranslation();
  usePageTitle(t('adminLoans.writeOffs.title'));
  const preview = useQuery(writeOffPreviewQuery);
  const [result, setResult] = useState<BulkWriteOffResult | AwaitingApproval | null>(null);

  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="write-offs-title">
      <AdminPageHeader titleId="write-offs-title" title={t('adminLoans.writeOffs.title')}>
        <p>{t('adminLoans.writeOffs.intro')}</p>
      </AdminPageHeader>
      {result && 'approval' in result && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('adminLoans.writeOffs.waiting', { total: formatUgx(result.approval.amount) })}
        </p>
      )}
      {result && !('approval' in result) && (
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-950">
          {t('adminLoans.writeOffs.done', { count: result.writtenOff, total: formatUgx(result.totalWrittenOff) })}{' '}
          {result.skipped.length > 0 && t('adminLoans.writeOffs.skipped', { count: result.skipped.length })}
        </p>
      )}
      <AdminQuery query={preview} loadingLabel={t('adminLoans.writeOffs.loading')}>
        {(data) => (
          <>
            <p>
              {t('adminLoans.writeOffs.qualify', {
                count: data.count,
                total: formatUgx(data.totalOwed),
                days: data.writeOffAfterDays,
              })}
            </p>
            {data.count > 0 && <WriteOffForm preview={data} onDone={setResult} />}
          </>
        )}
      </AdminQuery>
    </section>
  );
}
