import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';
import type { CatalogAudit } from './api.ts';
import { useFormats } from '@/lib/formats.ts';
import { useActorText } from '@/components/admin/actor.tsx';

const shown = (value: unknown, field: string) =>
  field === 'price' && typeof value === 'number'
    ? formatUgx(value)
    : typeof value === 'string' || typeof value === 'number'
      ? String(value)
      : value === null || value === undefined
        ? '—'
        : JSON.stringify(value);

/** What admins did to a product, newest first: who, when, why, and each field before and after. */
export function CatalogAuditList({ audit }: { audit: CatalogAudit[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const by = useActorText();
  if (audit.length === 0) return <p className="text-stone-700">{t('admin.productPage.noAudit')}</p>;
  return (
    <ol className="space-y-3">
      {audit.map((entry) => {
        const changes = (entry.details.changes ?? {}) as Record<string, { before: unknown; after: unknown }>;
        return (
          <li key={entry.id} className="space-y-1 rounded-lg border border-stone-200 bg-white p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">
                {t(`admin.productPage.actions.${entry.action}`, { defaultValue: entry.action })}
              </span>
              <time dateTime={entry.createdAt} className="text-sm text-stone-700">
                {formats.stamp(entry.createdAt)}
              </time>
            </div>
            <p className="text-sm text-stone-700">{by(entry.actor)}</p>
            {entry.reason && <p className="text-sm break-words">{entry.reason}</p>}
            {Object.keys(changes).length > 0 && (
              <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
                {Object.entries(changes).map(([field, change]) => (
                  <div key={field} className="contents">
                    <dt className="text-stone-600">{t(`admin.productForm.${field}`, { defaultValue: field })}</dt>
                    <dd className="min-w-0 break-words">
                      {t('admin.productPage.fromTo', {
                        before: shown(change.before, field),
                        after: shown(change.after, field),
                      })}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
