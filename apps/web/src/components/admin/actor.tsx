import type { Actor } from '@ecogrid/core/audit';
import { useTranslation } from 'react-i18next';

/**
 * "by Grace Namutebi (Admin)": who did something, by name and role, never by id. No actor: the
 * system did it; an actor without a name: the account is no longer on record.
 */
export function useActorText() {
  const { t } = useTranslation();
  return (actor: Actor | null) =>
    !actor
      ? t('admin.audit.bySystem')
      : actor.name
        ? t('admin.audit.by', {
            name: actor.name,
            role: t(`admin.roles.${actor.role ?? 'customer'}`),
          })
        : t('admin.audit.byGone');
}
