import { daysBetween, kampalaDate } from '@ecogrid/core/credit';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { useFormats } from '@/lib/formats.ts';
import { faultPath, loanPath, type DashboardDevice } from '../api.ts';

/**
 * Days left counted from today, not from when the answer came: a dashboard kept on the phone and
 * opened days later without a network still says how long the power lasts.
 */
const daysLeftToday = (device: DashboardDevice, now: Date) =>
  device.powerEndsOn === null ? 0 : Math.max(0, daysBetween(kampalaDate(now), device.powerEndsOn));

function PowerLeft({ device }: { device: DashboardDevice }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (device.unlocked) {
    return <p className="text-2xl font-bold text-brand-900">{t('dashboard.device.unlocked')}</p>;
  }
  if (device.powerEndsOn === null) return <p className="text-lg font-semibold">{t('dashboard.device.noToken')}</p>;
  const days = daysLeftToday(device, new Date());
  if (days === 0) {
    return (
      <p className="text-2xl font-bold text-red-800">
        {t('dashboard.device.outOfPower', { date: formats.day(device.powerEndsOn) })}
      </p>
    );
  }
  return (
    <div>
      <p className="text-4xl font-bold text-brand-900 tabular-nums" data-testid="days-left">
        {t('dashboard.device.daysLeft', { count: days })}
      </p>
      <p className="text-sm text-stone-700">{t('dashboard.device.until', { date: formats.day(device.powerEndsOn) })}</p>
    </div>
  );
}

/** One unit: its days of power, its newest token large with how to type it, Pay now and Report a fault. */
export function DeviceCard({ device }: { device: DashboardDevice }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = `device-${device.loanId}`;
  const token = device.latestToken;
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
        <div>
          <h3 id={titleId} className="text-lg font-semibold break-words">
            {device.name}
          </h3>
          <p className="text-sm text-stone-700">{t('dashboard.device.serial', { serial: device.serial })}</p>
        </div>
        <PowerLeft device={device} />
        {token && (
          <div className="space-y-1 rounded-lg border-2 border-brand-700 p-3">
            <p className="text-sm font-medium text-stone-700">
              {token.type === 'DISABLE_PAYG' ? t('dashboard.token.unlock') : t('dashboard.token.latest')}
            </p>
            <p
              className="font-mono text-3xl font-bold tracking-wide break-words tabular-nums"
              data-testid="latest-token"
            >
              {token.token}
            </p>
            <p className="text-sm text-stone-700">
              {t('dashboard.token.issued')} <time dateTime={token.issuedAt}>{formats.dateTime(token.issuedAt)}</time>
            </p>
            <p className="text-sm">{t('dashboard.token.howTo')}</p>
          </div>
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          {!device.unlocked && (
            <Link
              to={loanPath(device.loanId)}
              aria-label={t('dashboard.payNowFor', { name: device.name })}
              className={buttonClass('primary', 'w-full sm:w-auto')}
            >
              {t('dashboard.payNow')}
            </Link>
          )}
          <Link
            to={faultPath(device.loanId)}
            aria-label={t('dashboard.device.reportFaultFor', { name: device.name })}
            className={buttonClass('secondary', 'w-full sm:w-auto')}
          >
            {t('dashboard.device.reportFault')}
          </Link>
        </div>
      </article>
    </li>
  );
}
