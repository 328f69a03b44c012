import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { useFormats } from '@/lib/formats.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import {
  campaignSettingsQuery,
  campaignsQuery,
  saveCampaignSettings,
  type CampaignListItem,
  type CampaignSettings,
} from './api.ts';
import { CampaignCounts, STATUS_TONES } from './campaign-counts.tsx';

/** /admin/campaigns: every campaign, newest first, with its counts; the price and speed of sending. */
export default function CampaignsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.campaigns.title'));
  const list = useInfiniteQuery(campaignsQuery());
  const settings = useQuery(campaignSettingsQuery);
  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="campaigns-title">
      <AdminPageHeader titleId="campaigns-title" title={t('admin.campaigns.title')}>
        <p>{t('admin.campaigns.intro')}</p>
      </AdminPageHeader>
      <Link to="/admin/campaigns/new" className={buttonClass('primary')}>
        {t('admin.campaigns.new')}
      </Link>
      <PagedList
        query={list}
        label={t('admin.campaigns.listLabel')}
        loadingLabel={t('admin.campaigns.loading')}
        emptyText={t('admin.campaigns.empty')}
        listClassName="space-y-3"
      >
        {(campaign) => <CampaignCard key={campaign.id} campaign={campaign} />}
      </PagedList>
      <AdminQuery query={settings} loadingLabel={t('admin.campaigns.settings.loading')} count={1}>
        {(current) => <SettingsForm current={current} />}
      </AdminQuery>
    </section>
  );
}

function CampaignCard({ campaign }: { campaign: CampaignListItem }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = `campaign-${campaign.id}`;
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-stone-300 bg-white p-4">
        <h2 id={titleId} className="text-lg font-semibold">
          <Link to={`/admin/campaigns/${campaign.id}`} className="text-brand-800 underline">
            {campaign.name}
          </Link>
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <Badge tone={STATUS_TONES[campaign.status]}>{t(`admin.campaigns.status.${campaign.status}`)}</Badge>
          {t('admin.campaigns.created', {
            name: campaign.createdBy.name ?? '',
            date: formats.dateTime(campaign.createdAt),
          })}
        </p>
        {campaign.status !== 'draft' && <CampaignCounts counts={campaign.counts} />}
      </article>
    </li>
  );
}

function SettingsForm({ current }: { current: CampaignSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [price, setPrice] = useState(String(current.pricePerSms));
  const [rate, setRate] = useState(String(current.smsPerSecond));
  const save = useMutation({
    mutationFn: () => saveCampaignSettings({ pricePerSms: Number(price), smsPerSecond: Number(rate) }),
    onSuccess: async (saved) => {
      client.setQueryData(campaignSettingsQuery.queryKey, saved);
      await showToast(t('admin.campaigns.settings.saved'), { kind: 'success' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-stone-300 bg-white p-4"
      aria-labelledby="campaign-settings"
    >
      <h2 id="campaign-settings" className="text-lg font-semibold">
        {t('admin.campaigns.settings.title')}
      </h2>
      <TextField
        id="campaign-price"
        label={t('admin.campaigns.settings.price')}
        type="number"
        inputMode="numeric"
        min={0}
        max={10_000}
        value={price}
        onChange={(e) => setPrice(e.target.value)}
      />
      <TextField
        id="campaign-rate"
        label={t('admin.campaigns.settings.rate')}
        hint={t('admin.campaigns.settings.rateHint')}
        type="number"
        inputMode="numeric"
        min={1}
        max={1_000}
        value={rate}
        onChange={(e) => setRate(e.target.value)}
      />
      {save.error && <FormAlert>{save.error.message}</FormAlert>}
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? t('admin.working') : t('admin.campaigns.settings.save')}
      </Button>
    </form>
  );
}
