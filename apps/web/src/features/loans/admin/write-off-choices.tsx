import { useTranslation } from 'react-i18next';
import { formatUgx } from '@/lib/money.ts';
import { WRITE_OFF_LIMIT, type WriteOffCandidate } from './write-offs-api.ts';

/** Each loan that qualifies with a box to choose it, and one box for all of them (the first 2,000). */
export function WriteOffChoices({
  loans,
  chosen,
  onChange,
}: {
  loans: WriteOffCandidate[];
  chosen: Set<string>;
  onChange: (chosen: Set<string>) => void;
}) {
  const { t } = useTranslation();
  const all = Math.min(loans.length, WRITE_OFF_LIMIT);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (!next.delete(id)) next.add(id);
    onChange(next);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">{t('adminLoans.writeOffs.listTitle')}</legend>
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input
          type="checkbox"
          className="size-5"
          checked={chosen.size > 0 && chosen.size === all}
          onChange={(event) =>
            onChange(new Set(event.target.checked ? loans.slice(0, WRITE_OFF_LIMIT).map((loan) => loan.id) : []))
          }
        />
        {t('adminLoans.writeOffs.chooseAll', { count: all })}
      </label>
      <ul className="space-y-2">
        {loans.map((loan) => (
          <li key={loan.id} className="rounded-lg border border-stone-200 bg-white p-3">
            <label className="flex min-h-11 items-start gap-3">
              <input
                type="checkbox"
                className="mt-1 size-5 shrink-0"
                checked={chosen.has(loan.id)}
                onChange={() => toggle(loan.id)}
              />
              <span className="min-w-0 space-y-1 break-words">
                <span className="block font-semibold">
                  {loan.customerName} · {loan.number}
                </span>
                <span className="block text-sm text-stone-700">
                  {t('adminLoans.writeOffs.line', {
                    product: loan.productName,
                    count: loan.daysSinceDefault,
                    amount: formatUgx(loan.owed),
                  })}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
