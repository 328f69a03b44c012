import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const shown = images[current] ?? images[0];
  if (!shown) return <div className="aspect-square rounded-xl bg-stone-100" />;
  return (
    <div className="space-y-2">
      <img
        src={shown}
        alt={t('catalog.pictureOf', { n: current + 1, name })}
        width={640}
        height={640}
        className="aspect-square w-full rounded-xl bg-stone-100 object-cover"
      />
      {images.length > 1 && (
        <div className="flex gap-2">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() => setCurrent(i)}
              aria-pressed={i === current}
              aria-label={t('catalog.showPicture', { n: i + 1 })}
              className={`h-16 w-16 overflow-hidden rounded-lg border-2 ${i === current ? 'border-brand-800' : 'border-transparent'}`}
            >
              <img src={src} alt="" width={64} height={64} loading="lazy" className="h-full w-full object-cover" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
