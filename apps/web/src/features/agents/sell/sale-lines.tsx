import type { Product } from '@ecogrid/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { formatUgx } from '@/lib/money.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { productPlansQuery, productSearchQuery } from './api.ts';

/** A line of the sale as the agent builds it: cash when `planId` is empty. */
export type DraftLine = {
  productId: string;
  name: string;
  price: number;
  loanEligible: boolean;
  quantity: number;
  planId: string;
};

/** Finds products by name as the agent types, each with a button that adds it to the sale. */
export function ProductSearch({ onAdd }: { onAdd: (product: Product) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const found = useQuery(productSearchQuery(q));
  return (
    <div className="space-y-2">
      <TextField
        id="sell-search"
        type="search"
        label={t('agent.sell.search.label')}
        hint={t('agent.sell.search.hint')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {found.isError && <p role="alert">{t('agent.sell.search.failed')}</p>}
      {found.data && (
        <ul aria-label={t('agent.sell.search.results')} className="space-y-2">
          {found.data.items.length === 0 && <li>{t('agent.sell.search.none')}</li>}
          {found.data.items.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-2">
              <span>
                {product.name} · {formatUgx(product.price)}
              </span>
              <Button
                variant="secondary"
                aria-label={t('agent.sell.search.add', { name: product.name })}
                onClick={() => onAdd(product)}
              >
                {t('agent.sell.search.addShort')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One line: how many, and cash or one of the product's credit plans. */
export function LineRow({
  line,
  index,
  onChange,
  onRemove,
}: {
  line: DraftLine;
  index: number;
  onChange: (line: DraftLine) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const plans = useQuery({ ...productPlansQuery(line.productId), enabled: line.loanEligible });
  const options = [
    { value: '', label: t('agent.sell.line.cash') },
    ...(plans.data?.plans ?? []).map((plan) => ({
      value: plan.id,
      label: t('agent.sell.line.plan', { plan: plan.name }),
    })),
  ];
  return (
    <li className="space-y-2 rounded-lg border border-stone-300 p-3">
      <p className="font-medium">
        {line.name} · {formatUgx(line.price)}
      </p>
      <TextField
        id={`sell-line-${index}-quantity`}
        type="number"
        inputMode="numeric"
        min={1}
        max={50}
        label={t('agent.sell.line.quantity', { name: line.name })}
        value={String(line.quantity)}
        onChange={(event) => onChange({ ...line, quantity: Math.max(1, Math.floor(Number(event.target.value) || 1)) })}
      />
      <SelectField
        id={`sell-line-${index}-pay`}
        label={t('agent.sell.line.pay', { name: line.name })}
        options={options}
        value={line.planId}
        onChange={(event) => onChange({ ...line, planId: event.target.value })}
      />
      <Button variant="ghost" onClick={onRemove}>
        {t('agent.sell.line.remove', { name: line.name })}
      </Button>
    </li>
  );
}
