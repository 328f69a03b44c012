import { ARREARS_BUCKETS } from '@ecogrid/core/collections';
import { LOAN_STATUSES } from '@ecogrid/core/credit';
import { LANGUAGES } from '@ecogrid/core/languages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { campaignChoicesQuery, createCampaign, type CampaignChoices } from './api.ts';
import { CheckboxGroup } from './checkbox-group.tsx';
import { MessageField } from './message-field.tsx';

type Segment = {
  districts: string[];
  productIds: string[];
  loanStatuses: (typeof LOAN_STATUSES)[number][];
  arrearsBuckets: (typeof ARREARS_BUCKETS)[number][];
  agentIds: string[];
};
const NO_SEGMENT: Segment = { districts: [], productIds: [], loanStatuses: [], arrearsBuckets: [], agentIds: [] };

/** /admin/campaigns/new: the texts per language and the segment, saved as a draft to preview. */
export default function NewCampaignPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.campaigns.form.title'));
  const choices = useQuery(campaignChoicesQuery);
  return (
    <section className="mx-auto max-w-3xl space-y-4 p-4" aria-labelledby="campaign-form-title">
      <AdminPageHeader titleId="campaign-form-title" title={t('admin.campaigns.form.title')}>
        <p>{t('admin.campaigns.intro')}</p>
      </AdminPageHeader>
      <AdminQuery query={choices} loadingLabel={t('admin.campaigns.form.loadingChoices')}>
        {(data) => <CampaignForm choices={data} />}
      </AdminQuery>
    </section>
  );
}

function CampaignForm({ choices }: { choices: CampaignChoices }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [texts, setTexts] = useState({ english: '', luganda: '', swahili: '' });
  const [segment, setSegment] = useState<Segment>(NO_SEGMENT);
  const [errors, setErrors] = useState<{ name?: string; english?: string }>({});
  const save = useMutation({
    mutationFn: () => createCampaign({ name: name.trim(), texts, segment }),
    onSuccess: async (campaign) => {
      await client.invalidateQueries({ queryKey: ['admin', 'campaigns'] });
      await navigate(`/admin/campaigns/${campaign.id}`);
    },
  });
  const pick =
    <K extends keyof Segment>(key: K) =>
    (next: string[]) =>
      setSegment((s) => ({ ...s, [key]: next as Segment[K] }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(name.trim() ? {} : { name: t('admin.campaigns.form.needName') }),
      ...(texts.english.trim() ? {} : { english: t('admin.campaigns.form.needEnglish') }),
    };
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const none = t('admin.campaigns.form.none');
  return (
    <form className="space-y-6" onSubmit={submit} noValidate>
      <TextField
        id="campaign-name"
        label={t('admin.campaigns.form.name')}
        value={name}
        maxLength={120}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t('admin.campaigns.form.textsTitle')}</legend>
        <p className="text-sm text-stone-700">{t('admin.campaigns.form.textsIntro')}</p>
        {LANGUAGES.map((language) => (
          <MessageField
            key={language}
            id={`campaign-text-${language}`}
            label={t(`admin.campaigns.form.${language}`)}
            value={texts[language]}
            error={language === 'english' ? errors.english : undefined}
            onChange={(value) => setTexts((x) => ({ ...x, [language]: value }))}
          />
        ))}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t('admin.campaigns.form.segmentTitle')}</legend>
        <p className="text-sm text-stone-700">{t('admin.campaigns.form.segmentIntro')}</p>
        <CheckboxGroup
          legend={t('admin.campaigns.form.districts')}
          filterLabel={t('admin.campaigns.form.filterDistricts')}
          options={choices.districts.map((d) => ({ value: d, label: d }))}
          selected={segment.districts}
          onChange={pick('districts')}
          emptyText={none}
        />
        <CheckboxGroup
          legend={t('admin.campaigns.form.products')}
          options={choices.products.map((p) => ({ value: p.id, label: p.name }))}
          selected={segment.productIds}
          onChange={pick('productIds')}
          emptyText={none}
        />
        <CheckboxGroup
          legend={t('admin.campaigns.form.loanStatuses')}
          options={LOAN_STATUSES.map((s) => ({ value: s, label: t(`admin.campaigns.loanStatus.${s}`) }))}
          selected={segment.loanStatuses}
          onChange={pick('loanStatuses')}
          emptyText={none}
        />
        <CheckboxGroup
          legend={t('admin.campaigns.form.buckets')}
          options={ARREARS_BUCKETS.map((b) => ({ value: b, label: t(`admin.campaigns.bucket.${b}`) }))}
          selected={segment.arrearsBuckets}
          onChange={pick('arrearsBuckets')}
          emptyText={none}
        />
        <CheckboxGroup
          legend={t('admin.campaigns.form.agents')}
          options={choices.agents.map((a) => ({ value: a.id, label: a.name }))}
          selected={segment.agentIds}
          onChange={pick('agentIds')}
          emptyText={none}
        />
      </fieldset>
      {save.error && <FormAlert>{save.error.message}</FormAlert>}
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? t('admin.campaigns.form.saving') : t('admin.campaigns.form.save')}
      </Button>
    </form>
  );
}
