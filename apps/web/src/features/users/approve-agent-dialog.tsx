import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Dialog } from '@/components/admin/dialog.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { ApproveAgentForm } from './approve-agent-form.tsx';
import { replaceCachedUser, runUserAction, type AdminUser } from './api.ts';

type Props = {
  applicant: { id: string; name: string } & Pick<AdminUser, 'agentCode' | 'commissionRateBp'>;
  onApproved: () => void;
  onClose: () => void;
};

/** Approving one applicant as an agent (code and commission) from outside the user list: the agents page. */
export function ApproveAgentDialog({ applicant, onApproved, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const approve = useMutation({
    mutationFn: (terms: { agentCode: string; commissionRateBp: number }) =>
      runUserAction(applicant.id, { kind: 'approveAgent', ...terms }),
    onSuccess: (updated) => {
      replaceCachedUser(queryClient, updated);
      void showToast(t('admin.users.done.approve', { name: updated.fullName, code: updated.agentCode }), {
        kind: 'success',
      });
      onApproved();
      onClose();
    },
  });
  const busy = approve.isPending;
  return (
    <Dialog titleId={titleId} onClose={() => !busy && onClose()}>
      <div className="space-y-4 p-4">
        <h2 id={titleId} tabIndex={-1} className="text-lg font-semibold">
          {t('admin.users.stepTitle.approve', { name: applicant.name })}
        </h2>
        <ApproveAgentForm user={applicant} busy={busy} onBack={onClose} onSubmit={(terms) => approve.mutate(terms)} />
        {approve.isError && <FormAlert>{errorText(approve.error)}</FormAlert>}
      </div>
    </Dialog>
  );
}
