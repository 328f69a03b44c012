import type { Actor } from '@ecogrid/core/audit';
import { useTranslation } from 'react-i18next';
import { useFormats } from '@/lib/formats.ts';
import type { AdminKyc } from './api.ts';
import { useActorText } from '@/components/admin/actor.tsx';
import { Badge } from '@/components/ui/badge.tsx';

/** Which agent uploaded a document for the customer, by name. */
export function UploadedBy({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  return (
    <Badge tone="info">
      {actor.name
        ? t('kycReview.uploadedByName', { name: actor.name, role: t(`admin.roles.${actor.role ?? 'agent'}`) })
        : t('kycReview.byAgent')}
    </Badge>
  );
}

/** Each submission and decision: who took it (the customer or agent who submitted, the admin who decided), when, and why. */
export function KycHistory({ kyc }: { kyc: AdminKyc }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const by = useActorText();
  if (kyc.history.length === 0) return <p className="text-stone-700">{t('kycReview.noHistory')}</p>;
  return (
    <ol className="space-y-3">
      {kyc.history.map((event, i) => (
        <li key={`${event.at}-${i}`} className="space-y-1 rounded-lg border border-stone-200 bg-white p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-semibold">{t(`kycReview.events.${event.kind}`)}</span>
            <time dateTime={event.at} className="text-sm text-stone-700">
              {formats.stamp(event.at)}
            </time>
          </div>
          <p className="text-sm text-stone-700">{by(event.by)}</p>
          {event.reason && (
            <p className="text-sm break-words">
              <span className="text-stone-600">{t('kycReview.reason')}:</span> {event.reason}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
