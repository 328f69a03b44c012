import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { Part } from '@/components/ui/part.tsx';
import { useFormats } from '@/lib/formats.ts';
import { recentAdminActionsQuery, securitySummaryQuery, type SecuritySummary } from './api.ts';
import { SystemLogLine } from './system-log-item.tsx';

const card = 'space-y-2 rounded-lg border border-stone-200 bg-white p-4';

function TwoStep({ twoStep }: { twoStep: SecuritySummary['twoStep'] }) {
  const { t } = useTranslation();
  const missing = twoStep.admins - twoStep.adminsWithTwoStep;
  return (
    <div className={card}>
      <h3 className="font-semibold">{t('admin.securitySummary.twoStepTitle')}</h3>
      <p className="text-lg font-semibold">
        {t('admin.securitySummary.adminsTwoStep', { with: twoStep.adminsWithTwoStep, all: twoStep.admins })}
      </p>
      {missing > 0 ? (
        <p className="rounded-lg border border-red-200 bg-red-50 p-2 text-red-900">
          {t('admin.securitySummary.adminsMissing', { count: missing })}{' '}
          <Link to="/admin/users" className="font-medium underline">
            {t('admin.securitySummary.openUsers')}
          </Link>
        </p>
      ) : (
        <p className="text-emerald-800">{t('admin.securitySummary.adminsAll')}</p>
      )}
      <p className="text-sm text-stone-700">
        {t('admin.securitySummary.accountsTwoStep', { with: twoStep.accountsWithTwoStep, all: twoStep.accounts })}
      </p>
    </div>
  );
}

/** Failed sign-ins and lockouts per day as a table, each count with a bar beside it (the bar is decoration). */
function Days({ days }: { days: SecuritySummary['days'] }) {
  const { t } = useTranslation();
  const { day } = useFormats();
  const most = Math.max(1, ...days.map((d) => d.failures));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('admin.securitySummary.daysTitle')}</caption>
      <thead>
        <tr className="text-left">
          <th scope="col" className="py-1 pr-2">
            {t('admin.securitySummary.day')}
          </th>
          <th scope="col" className="py-1 pr-2">
            {t('admin.securitySummary.failures')}
          </th>
          <th scope="col" className="py-1">
            {t('admin.securitySummary.lockouts')}
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day} className="border-t border-stone-100">
            <th scope="row" className="py-1 pr-2 font-normal whitespace-nowrap">
              {day(d.day)}
            </th>
            <td className="py-1 pr-2">
              <span className="flex items-center gap-2">
                <span className="w-8 text-right tabular-nums">{d.failures}</span>
                <span
                  aria-hidden="true"
                  className="h-2 rounded bg-amber-500"
                  style={{ width: `${Math.round((d.failures / most) * 100)}%`, maxWidth: '8rem' }}
                />
              </span>
            </td>
            <td className={`py-1 tabular-nums ${d.lockouts > 0 ? 'font-semibold text-red-800' : ''}`}>{d.lockouts}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figures({ summary }: { summary: SecuritySummary }) {
  const { t } = useTranslation();
  const { stamp } = useFormats();
  return (
    <div className="space-y-5">
      <Part id="security-accounts-title" title={t('admin.securitySummary.accountsTitle')}>
        <div className="grid gap-3 md:grid-cols-2">
          <TwoStep twoStep={summary.twoStep} />
          <div className={card}>
            <h3 className="font-semibold">{t('admin.securitySummary.sessionsTitle')}</h3>
            <ul className="text-sm">
              {summary.sessions.map((s) => (
                <li key={s.role}>
                  {t(`admin.roles.${s.role}`)}: <span className="tabular-nums">{s.active}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Part>
      <Part id="security-days-title" title={t('admin.securitySummary.daysTitle')}>
        <Days days={summary.days} />
      </Part>
      <Part id="security-addresses-title" title={t('admin.securitySummary.addressesTitle')}>
        {summary.noisyAddresses.length === 0 ? (
          <p className="text-stone-700">{t('admin.securitySummary.noAddresses')}</p>
        ) : (
          <ul className="space-y-2">
            {summary.noisyAddresses.map((a) => (
              <li key={a.ipAddress} className={card}>
                <p className="font-mono font-semibold">{a.ipAddress}</p>
                <p className="text-sm">
                  {t('admin.securitySummary.addressFailures', { failures: a.failures, accounts: a.accounts })} ·{' '}
                  <time dateTime={a.lastAt}>{stamp(a.lastAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Part>
      <Part id="security-roles-title" title={t('admin.securitySummary.rolesTitle')}>
        <ul className="space-y-1 text-sm">
          {summary.roles.map((r) => (
            <li key={r.role}>
              <span className="font-medium">{t(`admin.roles.${r.role}`)}</span>:{' '}
              {t('admin.securitySummary.roleAccounts', { accounts: r.accounts, active: r.active })}
            </li>
          ))}
        </ul>
      </Part>
      <Part id="security-staff-title" title={t('admin.securitySummary.staffTitle')}>
        <ul className="space-y-3">
          {summary.staffRoles.map((r) => (
            <li key={r.role} className={card}>
              <p className="font-semibold">{t(`admin.staffRoles.${r.role}`)}</p>
              <p className="text-sm">
                {t('admin.staffRole.rights', {
                  rights: r.rights.map((right) => t(`admin.staffRights.${right}`)).join(', '),
                })}
              </p>
              <p className="text-sm">
                {r.holders.length === 0
                  ? t('admin.securitySummary.noHolders')
                  : t('admin.securitySummary.holders', { names: r.holders.map((h) => h.name).join(', ') })}
              </p>
            </li>
          ))}
        </ul>
      </Part>
    </div>
  );
}

/**
 * The security dashboard's top: two-step sign-in among admins (all of them must), open sessions,
 * failed sign-ins and lockouts over two weeks, the addresses with many failures, the roles, and
 * the newest admin actions; the security log comes below.
 */
export function SecuritySummaryParts() {
  const { t } = useTranslation();
  const summary = useQuery(securitySummaryQuery);
  const actions = useQuery(recentAdminActionsQuery);
  return (
    <div className="space-y-5">
      <AdminQuery query={summary} loadingLabel={t('admin.securitySummary.loading')} count={3}>
        {(data) => <Figures summary={data} />}
      </AdminQuery>
      <Part id="security-actions-title" title={t('admin.securitySummary.actionsTitle')}>
        <AdminQuery query={actions} loadingLabel={t('admin.systemLog.loading')} count={2}>
          {({ items }) =>
            items.length === 0 ? (
              <p className="text-stone-700">{t('admin.systemLog.empty')}</p>
            ) : (
              <ul aria-labelledby="security-actions-title" className="space-y-3">
                {items.map((item) => (
                  <SystemLogLine key={item.id} item={item} />
                ))}
              </ul>
            )
          }
        </AdminQuery>
        <Link
          to="/system-audit?source=admin"
          className="inline-flex min-h-11 items-center font-medium text-brand-800 underline"
        >
          {t('admin.securitySummary.openLog')}
        </Link>
      </Part>
    </div>
  );
}
