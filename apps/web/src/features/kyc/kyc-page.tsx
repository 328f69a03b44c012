import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { KycJourney } from './kyc-journey.tsx';

/** Only addresses inside the app are followed after submitting. */
const safeNext = (next: string | null) => (next && next.startsWith('/') && !next.startsWith('//') ? next : null);

/** /kyc: the signed-in customer's identity check; `?next=` brings them back where credit needed it. */
export default function KycPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  return (
    <section aria-labelledby="kyc-title" className="mx-auto max-w-2xl space-y-4 p-4">
      <h1 id="kyc-title" className="text-2xl font-bold">
        {t('kyc.title')}
      </h1>
      <p className="text-stone-700">{t('kyc.intro')}</p>
      <KycJourney />
      {next && (
        <Link to={next} className={buttonClass('secondary', 'w-full sm:w-auto')}>
          {t('kyc.back')}
        </Link>
      )}
    </section>
  );
}
