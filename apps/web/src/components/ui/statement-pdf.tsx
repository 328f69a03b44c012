import { addDays, daysBetween, kampalaDate } from '@ecogrid/core/credit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadLink } from '@/components/ui/download-link.tsx';
import { TextField } from '@/components/ui/text-field.tsx';

/** The longest period the server prints: a year, a leap day included. */
const MAX_DAYS = 366;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A wallet statement for the days chosen, as a PDF; a reversed or over-long period is explained,
 * not sent. `href` is where that period's PDF is: the customer's own, or a customer's for an admin.
 * Its words come with the wallet's English (en.payments.json).
 */
export function StatementPdf({ href }: { href: (from: string, to: string) => string }) {
  const { t } = useTranslation();
  const today = kampalaDate(new Date());
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const filled = DAY.test(from) && DAY.test(to);
  const days = filled ? daysBetween(from, to) + 1 : 0;
  const problem = !filled
    ? t('wallet.statementPdf.pick')
    : days < 1
      ? t('wallet.statementPdf.reversed')
      : days > MAX_DAYS
        ? t('wallet.statementPdf.tooLong')
        : null;
  return (
    <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
        <TextField
          id="statement-from"
          label={t('wallet.statementPdf.from')}
          type="date"
          value={from}
          max={today}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          id="statement-to"
          label={t('wallet.statementPdf.to')}
          type="date"
          value={to}
          max={today}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : (
        <DownloadLink href={href(from, to)}>{t('wallet.statementPdf.download')}</DownloadLink>
      )}
    </div>
  );
}
