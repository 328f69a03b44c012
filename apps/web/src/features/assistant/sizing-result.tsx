import { LOSS_MARGIN_PERCENT, recommendSystems, type ApplianceUse } from '@ecogrid/core/sizing';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unavailableOffline } from '@/components/ui/offline-notice.tsx';
import { sizingCatalogueQuery } from './api.ts';
import { RecommendationCard } from './recommendation-card.tsx';

/** The day's energy for the chosen appliances, and the catalogue's systems that meet it. */
export function SizingResult({ uses }: { uses: ApplianceUse[] }) {
  const { t } = useTranslation();
  const catalogue = useQuery(sizingCatalogueQuery);
  // A system out of stock cannot be bought today, so it is not recommended.
  const products = (catalogue.data ?? []).filter((product) => product.stock > 0);
  const result = recommendSystems(uses, products);
  const note = (text: string) => <p className="rounded-lg bg-stone-100 p-3 text-sm">{text}</p>;
  return (
    <div className="space-y-3">
      <p className="font-semibold">
        {t('assistant.sizing.need', {
          daily: result.dailyWh,
          appliances: result.appliancesWh,
          margin: LOSS_MARGIN_PERCENT,
        })}
      </p>
      <p className="text-sm text-stone-700">{t('assistant.sizing.method')}</p>
      {catalogue.data === undefined ? (
        note(
          unavailableOffline(catalogue)
            ? t('assistant.sizing.catalogueOffline')
            : catalogue.isError
              ? t('assistant.sizing.catalogueFailed')
              : t('assistant.sizing.catalogueLoading'),
        )
      ) : (
        <>
          {result.unsupported.length > 0 &&
            note(
              t('assistant.sizing.unsupported', {
                names: result.unsupported.map((kind) => t(`assistant.appliances.${kind}`)).join(', '),
              }),
            )}
          {result.recommended.length === 0 ? (
            note(t('assistant.sizing.none'))
          ) : (
            <section aria-labelledby="recommended-title" className="space-y-2">
              <h3 id="recommended-title" className="font-semibold">
                {t('assistant.sizing.recommended')}
              </h3>
              <ul className="space-y-2">
                {result.recommended.map(({ product, dailyWh }) => (
                  <li key={product.id}>
                    <RecommendationCard product={product} dailyWh={dailyWh} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
