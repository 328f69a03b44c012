import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatUgx } from '@/lib/money.ts';
import { campaignPreviewQuery, type CampaignPreview } from './api.ts';

/** A draft's preview: who and how many, who is left out, SMS parts and cost per language, then the people a page at a time. */
export function PreviewPanel({ id, children }: { id: string; children: (preview: CampaignPreview) => ReactNode }) {
  const { t } = useTranslation();
  const [cursor, setCursor] = useState<string | undefined>();
  const query = useQuery(campaignPreviewQuery(id, cursor));
  return (
    <section className="space-y-4" aria-labelledby="campaign-preview-title">
      <h2 id="campaign-preview-title" className="text-xl font-semibold">
        {t('admin.campaigns.preview.title')}
      </h2>
      <AdminQuery query={query} loadingLabel={t('admin.campaigns.preview.loading')}>
        {(preview) => (
          <>
            <Totals preview={preview} />
            {children(preview)}
            <People preview={preview} />
            <div className="flex flex-wrap gap-2">
              {cursor && (
                <Button variant="secondary" onClick={() => setCursor(undefined)}>
                  {t('admin.back')}
                </Button>
              )}
              {preview.people.nextCursor && (
                <Button variant="secondary" onClick={() => setCursor(preview.people.nextCursor ?? undefined)}>
                  {t('admin.loadMore')}
                </Button>
              )}
            </div>
          </>
        )}
      </AdminQuery>
    </section>
  );
}

function Totals({ preview }: { preview: CampaignPreview }) {
  const { t } = useTranslation();
  const figures = [
    ['total', preview.total],
    ['recipients', preview.recipients],
    ['optedOut', preview.optedOut],
    ['noPhone', preview.noPhone],
  ] as const;
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([key, value]) => (
          <div key={key} className="rounded-lg border border-stone-300 bg-white p-3">
            <dt className="text-sm text-stone-700">{t(`admin.campaigns.preview.${key}`)}</dt>
            <dd className="text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {preview.fallback > 0 && <p>{t('admin.campaigns.preview.fallback', { count: preview.fallback })}</p>}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left font-semibold">{t('admin.campaigns.preview.byLanguage')}</caption>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-2 pr-2">
                {t('admin.campaigns.preview.language')}
              </th>
              <th scope="col" className="py-2 pr-2">
                {t('admin.campaigns.preview.people')}
              </th>
              <th scope="col" className="py-2 pr-2">
                {t('admin.campaigns.preview.parts')}
              </th>
              <th scope="col" className="py-2 pr-2">
                {t('admin.campaigns.preview.costColumn')}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.byLanguage.map((row) => (
              <tr key={row.language} className="border-b border-stone-200">
                <th scope="row" className="py-2 pr-2 font-medium">
                  {t(`admin.campaigns.language.${row.language}`)}
                </th>
                <td className="py-2 pr-2">{row.recipients}</td>
                <td className="py-2 pr-2">{row.parts}</td>
                <td className="py-2 pr-2">{formatUgx(row.cost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="font-semibold">
        {t('admin.campaigns.preview.totalCost', { sms: preview.sms, cost: formatUgx(preview.cost) })}
      </p>
    </>
  );
}

function People({ preview }: { preview: CampaignPreview }) {
  const { t } = useTranslation();
  if (preview.total === 0) return <p role="status">{t('admin.campaigns.preview.nobody')}</p>;
  return (
    <ul
      className="divide-y divide-stone-200 rounded-lg border border-stone-300 bg-white"
      aria-label={t('admin.campaigns.preview.who')}
    >
      {preview.people.items.map((person) => (
        <li key={person.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-3">
          <span className="font-medium">{person.name}</span>
          <span className="text-sm text-stone-700">
            {[
              person.district ?? t('admin.campaigns.preview.noDistrict'),
              person.agentName ?? t('admin.campaigns.preview.noAgent'),
              t(`admin.campaigns.language.${person.language}`),
              t(`admin.campaigns.preview.state.${person.state}`),
            ].join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}
