import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { useClearCart } from '../api.ts';

/** Empty cart, after a confirmation in place (focus moves to the question, and back when kept). */
export function ClearCart({ count }: { count: number }) {
  const { t } = useTranslation();
  const clear = useClearCart(() => requestAnimationFrame(() => document.getElementById('cart-title')?.focus()));
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <Button id="clear-cart" variant="secondary" onClick={() => setAsking(true)}>
        {t('cart.clear')}
      </Button>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3" aria-busy={clear.isPending}>
      <p ref={question} tabIndex={-1} className="text-amber-950">
        {t('cart.clearQuestion', { count })}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button
          variant="secondary"
          disabled={clear.isPending}
          onClick={() => {
            setAsking(false);
            requestAnimationFrame(() => document.getElementById('clear-cart')?.focus());
          }}
        >
          {t('cart.keep')}
        </Button>
        <Button variant="danger" disabled={clear.isPending} aria-busy={clear.isPending} onClick={() => clear.mutate()}>
          {clear.isPending ? t('cart.clearing') : t('cart.clearConfirm')}
        </Button>
      </div>
    </div>
  );
}
