import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { formatUgx } from '@/lib/money.ts';
import { MAX_QUANTITY, useRemoveLine, useSetQuantity, type CartLine } from '../api.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

/** After a line leaves the list, focus goes to the cart's title rather than being lost. */
const focusTitle = () => requestAnimationFrame(() => document.getElementById('cart-title')?.focus());

/** One cart line: picture, name, price, quantity stepper, line total, remove, and what stops it being bought. */
export function CartLineItem({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const titleId = useId();
  const problemId = useId();
  const setQuantity = useSetQuantity(focusTitle);
  const [refused, setRefused] = useState(0);
  const remove = useRemoveLine(focusTitle);
  const busy = setQuantity.isPending || remove.isPending;
  const { product } = line;
  // More than the stock cannot be bought, but a line already over it can still be lowered.
  const max = Math.max(line.quantity, Math.min(MAX_QUANTITY, product.stock));
  return (
    <li
      aria-labelledby={titleId}
      aria-describedby={line.problem ? problemId : undefined}
      aria-busy={busy}
      className={`space-y-3 rounded-lg border bg-white p-3 ${line.problem ? 'border-amber-400' : 'border-stone-200'}`}
    >
      <div className="flex gap-3">
        <div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-stone-100">
          {product.imageUrl && (
            <img
              src={product.imageUrl}
              alt=""
              width={80}
              height={80}
              loading="lazy"
              className="h-full w-full object-cover"
            />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={titleId} className="font-semibold leading-snug break-words">
            <Link to={`/product/${line.productId}`} className="text-stone-900 underline-offset-2 hover:underline">
              {product.name}
            </Link>
          </h3>
          <p className="text-sm text-stone-700">{t('cart.each', { price: formatUgx(product.price) })}</p>
          <p className="font-semibold tabular-nums">{formatUgx(line.lineTotal)}</p>
        </div>
      </div>
      {line.problem && (
        <p id={problemId} className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          {line.problem}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <QuantityStepper
          name={product.name}
          quantity={line.quantity}
          max={max}
          busy={busy}
          refused={refused}
          onChange={(quantity) =>
            setQuantity.mutate({ id: line.id, quantity }, { onError: () => setRefused((n) => n + 1) })
          }
        />
        <Button
          variant="ghost"
          disabled={busy}
          aria-busy={remove.isPending}
          aria-label={t('cart.removeItem', { name: product.name })}
          onClick={() => remove.mutate(line.id)}
        >
          {remove.isPending ? t('cart.removing') : t('cart.remove')}
        </Button>
      </div>
    </li>
  );
}
