import type { TFunction } from 'i18next';

/** A time span in the largest whole unit: "3 days", "5 hours", "12 minutes". */
export function age(t: TFunction, ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return t('support.admin.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('support.admin.hours', { count: hours });
  return t('support.admin.days', { count: Math.floor(hours / 24) });
}
