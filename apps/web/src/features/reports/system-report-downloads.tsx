import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadLink } from '@/components/ui/download-link.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { systemReportUrl } from './api.ts';
import { goodRange } from './report-range.tsx';

/**
 * What /system-report-pdf offers: an admin picks the days and downloads every report in one PDF;
 * anyone else downloads the public summary (prices and service status) in their language.
 */
export function SystemReportDownloads({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const today = kampalaDate(new Date());
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  if (!admin) {
    return (
      <div className="space-y-3">
        <p className="text-stone-700">{t('reports.systemPublicIntro')}</p>
        <DownloadLink href={systemReportUrl()}>{t('reports.systemPublicDownload')}</DownloadLink>
      </div>
    );
  }
  const good = goodRange(from, to);
  return (
    <div className="space-y-3">
      <p className="text-stone-700">{t('reports.systemAdminIntro')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="system-from"
          type="date"
          label={t('reports.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={good ? undefined : t('reports.badRange')}
        />
        <TextField
          id="system-to"
          type="date"
          label={t('reports.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      {good && <DownloadLink href={systemReportUrl({ from, to })}>{t('reports.systemAdminDownload')}</DownloadLink>}
    </div>
  );
}
