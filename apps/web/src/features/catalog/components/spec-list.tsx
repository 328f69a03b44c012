import type { ProductSpecs } from '@ecogrid/core';
import { useTranslation } from 'react-i18next';

export function SpecList({ specs }: { specs: ProductSpecs }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [];
  if (specs.panelWatts !== null) rows.push([t('catalog.panelWatts'), `${specs.panelWatts} W`]);
  if (specs.batteryWh !== null) rows.push([t('catalog.batteryWh'), `${specs.batteryWh.toLocaleString('en-US')} Wh`]);
  if (specs.lights !== null) rows.push([t('catalog.lights'), String(specs.lights)]);
  if (specs.appliancesIncluded.length) rows.push([t('catalog.appliances'), specs.appliancesIncluded.join(', ')]);
  rows.push([t('catalog.warranty'), t('catalog.months', { count: specs.warrantyMonths })]);
  return (
    <dl className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 px-3 py-2 text-sm">
          <dt className="text-stone-600">{label}</dt>
          <dd className="text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
