import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { deviceTokensQuery, type Device, type DeviceStatus } from './devices-api.ts';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { Badge, type Tone } from '@/components/ui/badge.tsx';
import { DeviceRestock } from './device-restock.tsx';
import { IssueTokenForm } from './issue-token-form.tsx';
import { TokenList } from './token-list.tsx';
import { WarrantyState } from '../components/warranty-state.tsx';

const STATUS_TONE: Record<DeviceStatus, Tone> = {
  in_stock: 'info',
  assigned: 'neutral',
  unlocked: 'good',
  returned: 'warn',
  refurbishing: 'neutral',
};

/** A device's tokens and the hand-issue form, fetched when the admin opens them. */
function DeviceTokens({ device }: { device: Device }) {
  const { t } = useTranslation();
  const tokens = useQuery(deviceTokensQuery(device.id));
  return (
    <div className="space-y-4">
      <AdminQuery query={tokens} loadingLabel={t('adminLoans.devices.tokensLoading')} count={2}>
        {(data) => <TokenList tokens={data} emptyText={t('adminLoans.tokens.none')} />}
      </AdminQuery>
      <IssueTokenForm device={device} />
    </div>
  );
}

/** One device in the registry: its serial number, status and count, its loan, and its tokens on request. */
export function DeviceItem({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = `device-${device.id}-title`;
  const panelId = `device-${device.id}-tokens`;
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={titleId} className="font-mono text-lg font-semibold break-all">
            {device.serialNumber}
          </h3>
          <Badge tone={STATUS_TONE[device.status]}>{t(`adminLoans.devices.status.${device.status}`)}</Badge>
        </div>
        <p className="font-medium break-words">
          {device.product ? (
            <>
              {device.product.name} <span className="font-mono text-sm text-stone-700">{device.product.sku}</span>
            </>
          ) : (
            t('adminLoans.devices.noProduct')
          )}
        </p>
        <p className="text-sm">
          {device.locationName
            ? t('adminLoans.devices.at', { place: device.locationName })
            : device.status === 'assigned' || device.status === 'unlocked'
              ? t('adminLoans.devices.withCustomer')
              : t('adminLoans.devices.noPlace')}
        </p>
        {device.warrantyUntil && (
          <p className="text-sm">
            <WarrantyState until={device.warrantyUntil} />
          </p>
        )}
        <p className="text-sm text-stone-700">
          {t('adminLoans.devices.tokenCount', { number: device.tokenCount })}
          {device.restrictedDigitSet && <> · {t('adminLoans.devices.restricted')}</>}
        </p>
        <div className="flex flex-wrap gap-2">
          {device.loanId && (
            <Link
              to={`/admin/loans/${device.loanId}`}
              className="inline-flex min-h-11 items-center rounded-lg px-2 font-medium text-brand-800 underline hover:bg-brand-50"
            >
              {t('adminLoans.devices.openLoan')}
            </Link>
          )}
          {(device.status === 'returned' || device.status === 'refurbishing') && <DeviceRestock device={device} />}
          <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            {open ? t('adminLoans.devices.hideTokens') : t('adminLoans.devices.showTokens')}
          </Button>
        </div>
        <div id={panelId} hidden={!open}>
          {open && <DeviceTokens device={device} />}
        </div>
      </article>
    </li>
  );
}
