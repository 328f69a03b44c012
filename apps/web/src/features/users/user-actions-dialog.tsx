import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { replaceCachedUser, runUserAction, USER_TYPES, type AdminUser, type UserAction, type UserType } from './api.ts';
import { useFormats } from '@/lib/formats.ts';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { ApproveAgentForm } from './approve-agent-form.tsx';
import { StaffRoleForm } from './staff-role-form.tsx';
import { Dialog, focusFirst } from '@/components/admin/dialog.tsx';
import { StatementPdf } from '@/components/ui/statement-pdf.tsx';

type Step = 'menu' | 'role' | 'staffRole' | 'approve' | 'deactivate' | 'reactivate' | 'resetMfa' | 'statement';

/** What the admin is told once a change has been made. */
function successText(t: TFunction, change: UserAction, user: AdminUser): string {
  const name = user.fullName;
  switch (change.kind) {
    case 'role':
      return t('admin.users.done.role', { name, role: t(`admin.roles.${user.userType}`) });
    case 'staffRole':
      return t('admin.staffRole.saved', { name, role: t(`admin.staffRoles.${change.staffRole}`) });
    case 'approveAgent':
      return t('admin.users.done.approve', { name, code: user.agentCode ?? change.agentCode });
    case 'deactivate':
      return t('admin.users.done.deactivate', { name });
    case 'reactivate':
      return t('admin.users.done.reactivate', { name });
    case 'resetMfa':
      return t('admin.users.done.resetMfa', { name });
  }
}

function RoleForm({
  user,
  busy,
  onSubmit,
  onBack,
}: {
  user: AdminUser;
  busy: boolean;
  onSubmit: (userType: UserType) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [role, setRole] = useState<UserType>(user.userType);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (role !== user.userType) onSubmit(role);
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-busy={busy}>
      <div className="space-y-1">
        <label htmlFor={`${id}-role`} className="block text-sm font-medium">
          {t('admin.users.newRole')}
        </label>
        <select
          id={`${id}-role`}
          value={role}
          onChange={(event) => setRole(event.target.value as UserType)}
          data-autofocus
          className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-base"
        >
          {USER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.roles.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950" aria-live="polite">
        {role === user.userType
          ? t('admin.users.roleUnchanged', { role: t(`admin.roles.${role}`) })
          : t(`admin.users.roleEffect.${role}`, { name: user.fullName })}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t('admin.back')}
        </Button>
        <Button type="submit" disabled={busy || role === user.userType} aria-busy={busy}>
          {busy ? t('admin.working') : t('admin.users.changeRoleTo', { role: t(`admin.roles.${role}`) })}
        </Button>
      </div>
    </form>
  );
}

function ConfirmStep({
  text,
  confirmLabel,
  busy,
  danger,
  onConfirm,
  onBack,
}: {
  text: string;
  confirmLabel: string;
  busy: boolean;
  danger: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">{text}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={busy} data-autofocus>
          {t('admin.cancel')}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? t('admin.working') : confirmLabel}
        </Button>
      </div>
    </div>
  );
}

/**
 * The changes an admin can make to one account: a list of actions, then a form or a
 * confirmation for the chosen one. On success the list row is updated in place and a toast
 * says what changed; on failure the server's message is shown here.
 */
export function UserActionsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const formats = useFormats();
  const [step, setStep] = useState<Step>('menu');
  const action = useMutation({
    mutationFn: (change: UserAction) => runUserAction(user.id, change),
    // A refusal (4xx) will not change on a second try; a dropped connection gets one retry.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    onSuccess: (updated, change) => {
      replaceCachedUser(queryClient, updated);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'security-events'] });
      void showToast(successText(t, change, updated), { kind: 'success' });
      onClose();
    },
  });
  const busy = action.isPending;

  // Each step puts focus on its first control, so keyboard and screen-reader users land in it.
  useEffect(() => focusFirst(body.current), [step]);

  const go = (next: Step) => {
    action.reset();
    setStep(next);
  };
  const back = () => go('menu');
  const name = user.fullName;

  const menuButton = (next: Step, label: string, autoFocus = false) => (
    <li>
      <Button
        variant="secondary"
        className="w-full justify-start"
        onClick={() => go(next)}
        data-autofocus={autoFocus || undefined}
      >
        {label}
      </Button>
    </li>
  );

  return (
    <Dialog
      titleId={titleId}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <div ref={body} className="space-y-4 p-4">
        <header className="space-y-1">
          <h2 id={titleId} tabIndex={-1} className="text-lg font-semibold">
            {step === 'menu'
              ? t('admin.users.actionsTitle', { name })
              : step === 'staffRole'
                ? t('admin.staffRole.title', { name })
                : t(`admin.users.stepTitle.${step}`, { name })}
          </h2>
          <p className="text-sm break-all text-stone-700">{user.email ?? user.phoneNumber}</p>
        </header>

        {step === 'menu' && (
          <ul className="space-y-2">
            {menuButton('role', t('admin.users.changeRole'), true)}
            {user.userType === 'admin' && menuButton('staffRole', t('admin.staffRole.menu'))}
            {user.userType === 'agent' &&
              menuButton(
                'approve',
                user.agentStatus === 'approved' ? t('admin.users.updateAgentTerms') : t('admin.users.approveAgent'),
              )}
            {user.isActive
              ? menuButton('deactivate', t('admin.users.deactivate'))
              : menuButton('reactivate', t('admin.users.reactivate'))}
            {user.twoFactorEnabled && menuButton('resetMfa', t('admin.users.resetMfa'))}
            {user.userType === 'customer' && menuButton('statement', t('admin.users.walletStatement'))}
          </ul>
        )}

        {step === 'statement' && (
          <>
            <StatementPdf
              href={(from, to) =>
                `/api/admin/users/${encodeURIComponent(user.id)}/wallet/statement.pdf?from=${from}&to=${to}`
              }
            />
            <Button variant="secondary" className="w-full sm:w-auto" onClick={back}>
              {t('admin.back')}
            </Button>
          </>
        )}

        {step === 'role' && (
          <RoleForm
            user={user}
            busy={busy}
            onBack={back}
            onSubmit={(userType) => action.mutate({ kind: 'role', userType })}
          />
        )}
        {step === 'staffRole' && (
          <StaffRoleForm
            user={user}
            busy={busy}
            onBack={back}
            onSubmit={(staffRole) => action.mutate({ kind: 'staffRole', staffRole })}
          />
        )}
        {step === 'approve' && (
          <>
            {user.commissionRateBp !== null && (
              <p className="text-sm text-stone-700">
                {t('admin.users.currentTerms', {
                  code: user.agentCode ?? '—',
                  commission: formats.commission(user.commissionRateBp),
                })}
              </p>
            )}
            <ApproveAgentForm
              user={user}
              busy={busy}
              onBack={back}
              onSubmit={(terms) => action.mutate({ kind: 'approveAgent', ...terms })}
            />
          </>
        )}
        {step === 'deactivate' && (
          <ConfirmStep
            text={t('admin.users.confirmDeactivate', { name })}
            confirmLabel={t('admin.users.deactivateConfirm')}
            danger
            busy={busy}
            onBack={back}
            onConfirm={() => action.mutate({ kind: 'deactivate' })}
          />
        )}
        {step === 'reactivate' && (
          <ConfirmStep
            text={t('admin.users.confirmReactivate', { name })}
            confirmLabel={t('admin.users.reactivateConfirm')}
            danger={false}
            busy={busy}
            onBack={back}
            onConfirm={() => action.mutate({ kind: 'reactivate' })}
          />
        )}
        {step === 'resetMfa' && (
          <ConfirmStep
            text={t('admin.users.confirmResetMfa', { name })}
            confirmLabel={t('admin.users.resetMfaConfirm')}
            danger
            busy={busy}
            onBack={back}
            onConfirm={() => action.mutate({ kind: 'resetMfa' })}
          />
        )}

        {action.isError && <FormAlert>{errorText(action.error)}</FormAlert>}

        {step === 'menu' && (
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('admin.close')}
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
