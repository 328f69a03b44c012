import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';

/** A route whose feature a later release builds: it says so plainly, and pretends nothing. */
export function NotAvailablePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md space-y-4 p-4 md:py-10" aria-labelledby="na-title">
      <h1 id="na-title" className="text-2xl font-bold">
        {t(titleKey)}
      </h1>
      <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        {t('notAvailable.body')}
      </p>
      <Link to="/marketplace" className={buttonClass('secondary')}>
        {t('notAvailable.browse')}
      </Link>
    </section>
  );
}
