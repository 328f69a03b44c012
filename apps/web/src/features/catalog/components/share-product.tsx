import type { Product } from '@ecogrid/core';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { formatUgx } from '@/lib/money.ts';

/**
 * Share the product by link: on WhatsApp (how most people here pass a link on), through the
 * phone's own share sheet where the browser has one, or by copying the link.
 */
export function ShareProduct({ product }: { product: Product }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}/product/${product.id}`;
  const text = t('share.text', { name: product.name, price: formatUgx(product.price) });
  const canShare = typeof navigator.share === 'function';

  const share = () => void navigator.share({ title: product.name, text, url }).catch(() => undefined);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void showToast(t('share.copied'), { kind: 'success' });
    } catch {
      void showToast(t('share.copyFailed'), { description: url, kind: 'error' });
    }
  };

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('share.label')}>
      <a
        href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass('secondary')}
      >
        {t('share.whatsapp')}
        <span className="sr-only">{t('share.newWindow')}</span>
      </a>
      {canShare && (
        <Button variant="secondary" onClick={share}>
          {t('share.share')}
        </Button>
      )}
      <Button variant="secondary" onClick={() => void copy()}>
        {t('share.copy')}
      </Button>
    </div>
  );
}
