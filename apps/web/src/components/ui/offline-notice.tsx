import { onlineManager } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_ZONE } from '@/lib/formats.ts';
import { dateFormat } from '@/lib/date-format.ts';

/** What the notices read of a query. */
type QueryState = { data: unknown; dataUpdatedAt: number; fetchStatus: string; isPending: boolean; error: unknown };

/** False while the browser says it has no network (TanStack Query then holds its requests). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}

/** Nothing kept on the phone, and no network to ask: there is nothing to show yet. */
export const unavailableOffline = (query: QueryState) => query.isPending && query.fetchStatus === 'paused';

/** No answer reached the server (offline, or the connection dropped); an answer, even an error, is not this. */
const unreachable = (error: unknown) =>
  error instanceof TypeError || (error instanceof Error && 'status' in error && error.status === 0);

/**
 * A failure to show instead of the data: not when data fetched earlier is there and the server
 * simply could not be reached (that data is shown, with LastUpdated).
 */
export const failedForGood = (query: QueryState & { isError: boolean }) =>
  query.isError && !(query.data !== undefined && unreachable(query.error));

function useUpdatedFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(
    () =>
      // Day, month, year and a 24-hour time ("25 Nov 2026, 14:03"), in Kampala time as the orders show it.
      dateFormat(language === 'en' ? 'en-GB' : language, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: TIME_ZONE,
      }),
    [language],
  );
}

/**
 * Over data fetched earlier and shown without a network (kept on the phone, or in memory):
 * "Last updated 25 Nov 2026, 14:03 · offline". Nothing while the data is current.
 */
export function LastUpdated({ query }: { query: QueryState }) {
  const { t } = useTranslation();
  const online = useOnline();
  const format = useUpdatedFormat();
  const stale = query.data !== undefined && (!online || query.fetchStatus === 'paused' || unreachable(query.error));
  if (!stale || !query.dataUpdatedAt) return null;
  return (
    <p role="status" className="rounded-lg border border-stone-300 bg-stone-100 px-3 py-2 text-sm text-stone-800">
      {t('offline.lastUpdated', { time: format.format(new Date(query.dataUpdatedAt)) })}
    </p>
  );
}

/** In place of "Loading…" for ever: this was never fetched on this phone, and there is no network now. */
export function NotAvailableOffline() {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{t('offline.notAvailableTitle')}</p>
      <p>{t('offline.notAvailableBody')}</p>
    </div>
  );
}
