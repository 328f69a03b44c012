import { useTranslation } from 'react-i18next';

export type LoadingType = 'auth' | 'payment' | 'admin' | 'customer' | 'default';

const accents: Record<LoadingType, string> = {
  auth: 'border-t-brand-700',
  payment: 'border-t-sun-500',
  admin: 'border-t-stone-700',
  customer: 'border-t-brand-600',
  default: 'border-t-brand-700',
};

/** A full-area loading state; each type says what is being waited for. */
export function LoadingOverlay({ type = 'default' }: { type?: LoadingType }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      data-loading-type={type}
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 p-6 text-stone-700"
    >
      <span
        aria-hidden="true"
        className={`h-10 w-10 animate-spin rounded-full border-4 border-stone-200 ${accents[type]}`}
      />
      <p className="text-base">{t(`loading.${type}`)}</p>
    </div>
  );
}
