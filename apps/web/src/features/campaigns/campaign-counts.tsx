import type { CampaignCounts as Counts, CampaignListItem } from '@ecogrid/core/campaigns';
import { useTranslation } from 'react-i18next';
import type { Tone } from '@/components/ui/badge.tsx';

export const STATUS_TONES: Record<CampaignListItem['status'], Tone> = {
  draft: 'neutral',
  sending: 'info',
  sent: 'good',
};

const SHOWN = ['recipients', 'queued', 'sent', 'delivered', 'failed', 'optedOut', 'stored'] as const;

/** A campaign's messages as they stand; opted out and stored only when there are some. */
export function CampaignCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {SHOWN.filter((key, i) => i < 5 || counts[key] > 0).map((key) => (
        <div key={key} className="rounded-lg border border-stone-300 bg-white p-3">
          <dt className="text-sm text-stone-700">{t(`admin.campaigns.counts.${key}`)}</dt>
          <dd className="text-2xl font-bold">{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
