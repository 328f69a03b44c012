import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  name: string;
  quantity: number;
  /** The most this line may hold now (the lower of the per-order limit and the stock). */
  max: number;
  busy: boolean;
  /** Changes when the server refused a quantity: the box goes back to the one it holds. */
  refused?: number;
  onChange: (quantity: number) => void;
};

const stepClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-lg border border-stone-300 bg-white text-xl font-semibold hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400';

/**
 * − / number / +. The number is sent when the shopper leaves the box or presses Enter; 0 removes
 * the line. More than the line may hold is not sent: the box goes back to the quantity in the
 * cart and says the most there can be. While the server answers, the controls wait.
 */
export function QuantityStepper({ name, quantity, max, busy, refused = 0, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const noteId = `${id}-note`;
  const [tooMany, setTooMany] = useState(false);
  const commit = (input: HTMLInputElement) => {
    const typed = Number(input.value.trim());
    if (input.value.trim() === '' || !Number.isInteger(typed) || typed === quantity) {
      input.value = String(quantity);
      return;
    }
    if (typed > max) {
      input.value = String(quantity);
      setTooMany(true);
      return;
    }
    setTooMany(false);
    onChange(Math.max(0, typed));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('quantity');
    if (input instanceof HTMLInputElement) commit(input);
  };
  return (
    <div className="space-y-1">
      <form onSubmit={submit} className="flex items-center gap-1" aria-busy={busy}>
        <button
          type="button"
          className={stepClass}
          aria-label={t('cart.decrease', { name })}
          disabled={busy}
          onClick={() => {
            setTooMany(false);
            onChange(quantity - 1);
          }}
        >
          −
        </button>
        <label htmlFor={id} className="sr-only">
          {t('cart.quantityOf', { name })}
        </label>
        <input
          // A new quantity from the server, or a refusal, resets what is typed.
          key={`${quantity}:${refused}`}
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          defaultValue={quantity}
          disabled={busy}
          aria-describedby={tooMany ? noteId : undefined}
          onBlur={(event) => commit(event.currentTarget)}
          className="h-11 w-16 rounded-lg border border-stone-300 bg-white text-center text-base tabular-nums"
        />
        <button
          type="button"
          className={stepClass}
          aria-label={t('cart.increase', { name })}
          disabled={busy || quantity >= max}
          onClick={() => onChange(quantity + 1)}
        >
          +
        </button>
      </form>
      <p id={noteId} role="status" className="text-sm font-medium text-amber-900">
        {tooMany ? t('cart.atMost', { count: max }) : ''}
      </p>
    </div>
  );
}
