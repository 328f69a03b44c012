import { LANGUAGES } from '@ecogrid/core/languages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { ConfirmDialog } from '@/components/admin/confirm-dialog.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { campaignQuery, sendCampaign, type Campaign } from './api.ts';
import { CampaignCounts, STATUS_TONES } from './campaign-counts.tsx';
import { PreviewPanel } from './preview-panel.tsx';

/** /admin/campaigns/:id: a campaign's texts and segment; a draft's preview and Send; a sent one's live counts. */
export default function CampaignPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(campaignQuery(id));
  usePageTitle(query.data?.name ?? t('admin.campaigns.title'));
  return (
    <section className="mx-auto max-w-3xl space-y-4 p-4" aria-labelledby="campaign-title">
      <AdminQuery query={query} loadingLabel={t('admin.campaigns.campaign.loading')}>
        {(campaign) => <CampaignView campaign={campaign} />}
      </AdminQuery>
    </section>
  );
}

function CampaignView({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const { segment } = campaign;
  const criteria = [
    ...segment.districts,
    ...segment.products.map((p) => p.name),
    ...segment.loanStatuses.map((s) => t(`admin.campaigns.loanStatus.${s}`)),
    ...segment.arrearsBuckets.map((b) => t(`admin.campaigns.bucket.${b}`)),
    ...segment.agents.map((a) => a.name),
  ];
  return (
    <>
      <AdminPageHeader titleId="campaign-title" title={campaign.name}>
        <p>
          <Badge tone={STATUS_TONES[campaign.status]}>{t(`admin.campaigns.status.${campaign.status}`)}</Badge>
        </p>
        {campaign.sentBy && campaign.sentAt && (
          <p>
            {t('admin.campaigns.campaign.sentBy', {
              name: campaign.sentBy.name ?? '',
              date: formats.dateTime(campaign.sentAt),
            })}
          </p>
        )}
      </AdminPageHeader>
      <section className="space-y-2" aria-labelledby="campaign-texts">
        <h2 id="campaign-texts" className="text-xl font-semibold">
          {t('admin.campaigns.campaign.texts')}
        </h2>
        <dl className="space-y-2">
          {LANGUAGES.map((language) => (
            <div key={language}>
              <dt className="font-medium">{t(`admin.campaigns.language.${language}`)}</dt>
              <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">
                {campaign.texts[language] || t('admin.campaigns.campaign.emptyText')}
              </dd>
            </div>
          ))}
        </dl>
        <h2 className="text-xl font-semibold">{t('admin.campaigns.campaign.segment')}</h2>
        <p>{criteria.length > 0 ? criteria.join(', ') : t('admin.campaigns.campaign.everyone')}</p>
      </section>
      {campaign.status === 'draft' ? (
        <PreviewPanel id={campaign.id}>
          {(preview) => <SendButton campaign={campaign} recipients={preview.recipients} cost={preview.cost} />}
        </PreviewPanel>
      ) : (
        <section className="space-y-2" aria-labelledby="campaign-counts">
          <h2 id="campaign-counts" className="text-xl font-semibold">
            {t('admin.campaigns.campaign.messages')}
          </h2>
          {campaign.status === 'sending' && <p className="text-sm">{t('admin.campaigns.campaign.live')}</p>}
          <CampaignCounts counts={campaign.counts} />
          <p className="text-sm text-stone-700">{t('admin.campaigns.countsNote')}</p>
          {campaign.cost !== null && campaign.pricePerSms !== null && (
            <p>
              {t('admin.campaigns.campaign.cost', {
                cost: formatUgx(campaign.cost),
                price: formatUgx(campaign.pricePerSms),
              })}
            </p>
          )}
        </section>
      )}
    </>
  );
}

function SendButton({ campaign, recipients, cost }: { campaign: Campaign; recipients: number; cost: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const send = useMutation({
    mutationFn: () => sendCampaign(campaign.id),
    onSuccess: async (sent) => {
      client.setQueryData(campaignQuery(campaign.id).queryKey, sent);
      await client.invalidateQueries({ queryKey: ['admin', 'campaigns'] });
      setAsking(false);
      await showToast(t('admin.campaigns.send.sent'), { kind: 'success' });
    },
  });
  if (recipients === 0) return null;
  return (
    <>
      <Button onClick={() => setAsking(true)}>{t('admin.campaigns.send.button')}</Button>
      {asking && (
        <ConfirmDialog
          title={t('admin.campaigns.send.confirmTitle')}
          confirmLabel={t('admin.campaigns.send.confirm')}
          busy={send.isPending}
          error={send.error?.message}
          onConfirm={() => send.mutate()}
          onClose={() => {
            send.reset();
            setAsking(false);
          }}
        >
          <p>{t('admin.campaigns.send.confirmBody', { count: recipients, cost: formatUgx(cost) })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
