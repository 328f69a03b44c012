import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md space-y-4 p-4 text-center md:py-10">
      <h1 className="text-2xl font-bold">{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFoundBody')}</p>
      <Link to="/marketplace" className={buttonClass()}>
        {t('errors.goToMarketplace')}
      </Link>
    </section>
  );
}

export default NotFoundPage;
