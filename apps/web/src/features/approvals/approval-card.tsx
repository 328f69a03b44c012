import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { approve, decline, type Approval } from './api.ts';

/**
 * One refund or write-off another staff member asked for: what, how much, who asked and why; a
 * waiting one is approved (the money moves) or declined with a reason, never by the one who asked.
 */
export function ApprovalCard({ approval, viewerId }: { approval: Approval; viewerId: string | undefined }) {
  const { t } = useTranslation();
  const { dateTime } = useFormats();
  const titleId = useId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [key] = useState(() => crypto.randomUUID());
  const [declining, setDeclining] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] });
  const approveIt = useMutation({
    mutationFn: () => approve(approval.id, key),
    onSuccess: async () => {
      void showToast(t('admin.approvals.approved', { what: approval.subjectLabel }), { kind: 'success' });
      await refresh();
    },
    onError: () => void refresh(),
  });
  const own = approval.requestedBy.id === viewerId;
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-300 bg-white p-3">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {approval.subjectLabel}
        </h2>
        <dl className="space-y-1 text-sm">
          <Fact term={t('admin.approvals.amount')}>{formatUgx(approval.amount)}</Fact>
          <Fact term={t('admin.approvals.requestedBy')}>
            {t('admin.approvals.byWhen', { name: approval.requestedBy.name, when: dateTime(approval.createdAt) })}
          </Fact>
          <Fact term={t('admin.approvals.reason')}>{approval.reason}</Fact>
          {approval.decidedBy && approval.decidedAt && (
            <Fact term={t(`admin.approvals.decided.${approval.status}`)}>
              {t('admin.approvals.byWhen', { name: approval.decidedBy.name, when: dateTime(approval.decidedAt) })}
            </Fact>
          )}
          {approval.decisionNote && <Fact term={t('admin.approvals.note')}>{approval.decisionNote}</Fact>}
        </dl>
        {approval.status === 'pending' &&
          (own ? (
            <p className="text-sm text-stone-700">{t('admin.approvals.ownRequest')}</p>
          ) : declining ? (
            <DeclineForm approval={approval} onCancel={() => setDeclining(false)} />
          ) : (
            <div className="space-y-2">
              {approveIt.isError && <FormAlert>{errorText(approveIt.error)}</FormAlert>}
              <div className="flex flex-wrap gap-2">
                <Button
                  onClick={() => approveIt.mutate()}
                  disabled={approveIt.isPending}
                  aria-busy={approveIt.isPending}
                  aria-describedby={titleId}
                >
                  {approveIt.isPending ? t('admin.working') : t('admin.approvals.approve')}
                </Button>
                <Button variant="secondary" onClick={() => setDeclining(true)} aria-describedby={titleId}>
                  {t('admin.approvals.decline')}
                </Button>
              </div>
            </div>
          ))}
      </article>
    </li>
  );
}

function DeclineForm({ approval, onCancel }: { approval: Approval; onCancel: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [note, setNote] = useState('');
  const declineIt = useMutation({
    mutationFn: () => decline(approval.id, note.trim()),
    onSuccess: async () => {
      void showToast(t('admin.approvals.declined', { what: approval.subjectLabel }), { kind: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    declineIt.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-busy={declineIt.isPending}>
      <TextField
        id={`decline-note-${approval.id}`}
        label={t('admin.approvals.noteLabel')}
        value={note}
        maxLength={300}
        required
        onChange={(event) => setNote(event.target.value)}
      />
      {declineIt.isError && <FormAlert>{errorText(declineIt.error)}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={declineIt.isPending}>
          {declineIt.isPending ? t('admin.working') : t('admin.approvals.confirmDecline')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={declineIt.isPending}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}
