import { useTranslation } from 'react-i18next';

/**
 * The code the server would have texted, shown only when it answers one: a copy with no SMS
 * provider, outside production (test mode). Says plainly that it is test mode.
 */
export function TestModeCode({ code }: { code?: string | null | undefined }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <div role="status" className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-stone-900">
      <p className="text-lg font-semibold">{t('testMode.code', { code })}</p>
      <p className="text-sm">{t('testMode.note')}</p>
    </div>
  );
}
