import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { ROLE_RIGHTS, STAFF_ROLES, type AdminUser, type StaffRole } from './api.ts';

/** A full admin gives a staff member a role; the rights it brings are listed before saving. */
export function StaffRoleForm({
  user,
  busy,
  onSubmit,
  onBack,
}: {
  user: AdminUser;
  busy: boolean;
  onSubmit: (role: StaffRole) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const current = user.staffRole ?? 'admin';
  const [role, setRole] = useState<StaffRole>(current);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (role !== current) onSubmit(role);
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-busy={busy}>
      <div className="space-y-1">
        <label htmlFor={`${id}-staff-role`} className="block text-sm font-medium">
          {t('admin.staffRole.label')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-stone-700">
          {t('admin.staffRole.hint')}
        </p>
        <select
          id={`${id}-staff-role`}
          value={role}
          aria-describedby={`${id}-hint ${id}-rights`}
          onChange={(event) => setRole(event.target.value as StaffRole)}
          data-autofocus
          className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-base"
        >
          {STAFF_ROLES.map((option) => (
            <option key={option} value={option}>
              {t(`admin.staffRoles.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-rights`} className="text-sm break-words text-stone-700" aria-live="polite">
        {t('admin.staffRole.rights', {
          rights: ROLE_RIGHTS[role].map((right) => t(`admin.staffRights.${right}`)).join(', '),
        })}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t('admin.back')}
        </Button>
        <Button type="submit" disabled={busy || role === current} aria-busy={busy}>
          {busy ? t('admin.working') : t('admin.staffRole.save')}
        </Button>
      </div>
    </form>
  );
}
