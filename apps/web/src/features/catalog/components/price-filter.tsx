import { MAX_PRICE_FILTER } from '@ecogrid/core/catalog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';

/** A price bound as the address keeps it: a whole number of shillings, or none. */
export const asPrice = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_PRICE_FILTER ? n : undefined;
};

type Props = {
  min: number | undefined;
  max: number | undefined;
  onChange: (range: { min: number | undefined; max: number | undefined }) => void;
};

/** One price bound; a refusal (said once, under both) is read out with it. */
function PriceInput({
  label,
  value,
  onChange,
  refused,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  refused: boolean;
}) {
  return (
    <label className="min-w-28 flex-1 text-sm">
      <span className="block">{label}</span>
      <input
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? 'price-problem' : undefined}
        className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base"
      />
    </label>
  );
}

/**
 * Lowest and highest price in UGX, applied with the button (or Enter): the catalogue API's
 * price range. A lowest above the highest is refused in words and nothing changes.
 */
export function PriceFilter({ min, max, onChange }: Props) {
  const { t } = useTranslation();
  const [low, setLow] = useState(min === undefined ? '' : String(min));
  const [high, setHigh] = useState(max === undefined ? '' : String(max));
  const [problem, setProblem] = useState<string | null>(null);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = (text: string) => (text.trim() === '' ? undefined : asPrice(text.trim().replace(/[,\s]/g, '')));
    const [from, to] = [read(low), read(high)];
    if ((low.trim() && from === undefined) || (high.trim() && to === undefined)) {
      setProblem(t('catalog.price.whole'));
      return;
    }
    if (from !== undefined && to !== undefined && from > to) {
      setProblem(t('catalog.price.order'));
      return;
    }
    setProblem(null);
    onChange({ min: from, max: to });
  };
  return (
    <form onSubmit={apply} noValidate aria-label={t('catalog.price.title')} className="space-y-1">
      <div className="flex flex-wrap items-end gap-2">
        <PriceInput label={t('catalog.price.min')} value={low} onChange={setLow} refused={!!problem} />
        <PriceInput label={t('catalog.price.max')} value={high} onChange={setHigh} refused={!!problem} />
        <Button type="submit" variant="secondary">
          {t('catalog.price.apply')}
        </Button>
      </div>
      {problem && (
        <p id="price-problem" role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </form>
  );
}
