import { CATALOG_LIMITS, PRODUCT_IMAGE_TYPES } from '@ecogrid/core/catalog-admin';
import { productThumbnail } from '@ecogrid/core/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { makeMainImage, refreshCatalogue, removeImage, uploadImage, type AdminProduct } from './api.ts';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { ConfirmDialog } from '@/components/admin/confirm-dialog.tsx';

/** What is being uploaded: the chosen file's preview and how far it has got. */
type Upload = { preview: string; name: string; progress: number };

/**
 * The product's pictures (the first is the main one, on cards and at the top of its page):
 * upload one with a preview and its progress, make one the main picture, or remove one after
 * a confirmation. The file is checked here first (type, size) so a wrong one costs no data.
 */
export function ProductImages({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const inputId = useId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const controller = useRef<AbortController | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const full = product.images.length >= CATALOG_LIMITS.images.max;

  const done = async (text: string) => {
    await refreshCatalogue(queryClient);
    void showToast(text, { kind: 'success' });
  };
  const send = useMutation({
    mutationFn: (file: File) => {
      controller.current = new AbortController();
      return uploadImage(
        product.id,
        file,
        (progress) => setUpload((u) => (u ? { ...u, progress } : u)),
        controller.current.signal,
      );
    },
    retry: false,
    onSuccess: () => done(t('admin.images.added')),
    onError: (error) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setProblem(errorText(error));
    },
    // The preview's object URL is released once it is no longer shown.
    onSettled: () =>
      setUpload((shown) => {
        if (shown) URL.revokeObjectURL(shown.preview);
        return null;
      }),
  });
  const arrange = useMutation({
    mutationFn: (change: { main: string } | { remove: string }) =>
      'main' in change ? makeMainImage(product.id, change.main) : removeImage(product.id, change.remove),
    retry: false,
    onSuccess: async (_, change) => {
      setRemoving(null);
      await done(t('main' in change ? 'admin.images.madeMain' : 'admin.images.removed'));
    },
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setProblem(null);
    if (!file) return;
    if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return setProblem(t('admin.images.wrongType'));
    if (file.size > CATALOG_LIMITS.images.bytes) return setProblem(t('admin.images.tooLarge'));
    setUpload({ preview: URL.createObjectURL(file), name: file.name, progress: 0 });
    send.mutate(file);
  };

  const percent = Math.round((upload?.progress ?? 0) * 100);
  return (
    <div className="space-y-4">
      {product.images.length === 0 ? (
        <p className="text-stone-700">{t('admin.images.none')}</p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('admin.images.listLabel')}>
          {product.images.map((url, index) => (
            <li key={url} className="space-y-2 rounded-lg border border-stone-200 bg-white p-2">
              <img
                src={productThumbnail(url)}
                alt={t('admin.images.alt', { n: index + 1, name: product.name })}
                width={200}
                height={200}
                loading="lazy"
                className="aspect-square w-full rounded bg-stone-100 object-cover"
              />
              {index === 0 ? (
                <p className="text-center text-sm font-semibold text-brand-800">{t('admin.images.main')}</p>
              ) : (
                <Button
                  variant="secondary"
                  className="w-full px-2 text-sm"
                  disabled={arrange.isPending}
                  aria-label={t('admin.images.makeMainLabel', { n: index + 1 })}
                  onClick={() => arrange.mutate({ main: url })}
                >
                  {t('admin.images.makeMain')}
                </Button>
              )}
              <Button
                variant="ghost"
                className="w-full px-2 text-sm"
                disabled={arrange.isPending}
                aria-label={t('admin.images.removeLabel', { n: index + 1 })}
                aria-haspopup="dialog"
                onClick={() => setRemoving(url)}
              >
                {t('admin.images.remove')}
              </Button>
            </li>
          ))}
        </ol>
      )}
      {arrange.isError && !removing && <FormAlert>{errorText(arrange.error)}</FormAlert>}

      {upload ? (
        <div className="flex gap-3 rounded-lg border border-stone-200 bg-white p-3" aria-busy="true">
          <img src={upload.preview} alt="" className="h-20 w-20 shrink-0 rounded object-cover" />
          <div className="min-w-0 flex-1 space-y-2">
            <p className="truncate text-sm font-medium">{upload.name}</p>
            <progress
              value={upload.progress}
              max={1}
              aria-label={t('admin.images.progressLabel')}
              className="h-2 w-full"
            />
            <p role="status" className="text-sm text-stone-700">
              {percent < 100 ? t('admin.images.uploading', { percent }) : t('admin.images.processing')}
            </p>
            <Button variant="secondary" className="text-sm" onClick={() => controller.current?.abort()}>
              {t('admin.images.stop')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium">
            {t('admin.images.add')}
          </label>
          <input
            id={inputId}
            type="file"
            accept={PRODUCT_IMAGE_TYPES.join(',')}
            disabled={full}
            onChange={choose}
            aria-describedby={`${inputId}-hint`}
            className="block min-h-11 w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:font-semibold"
          />
          <p id={`${inputId}-hint`} className="text-sm text-stone-600">
            {full ? t('admin.images.full') : t('admin.images.hint')}
          </p>
        </div>
      )}
      {problem && <FormAlert>{problem}</FormAlert>}

      {removing && (
        <ConfirmDialog
          title={t('admin.images.removeTitle')}
          confirmLabel={t('admin.images.removeConfirm')}
          danger
          busy={arrange.isPending}
          error={arrange.isError ? errorText(arrange.error) : null}
          onConfirm={() => arrange.mutate({ remove: removing })}
          onClose={() => {
            arrange.reset();
            setRemoving(null);
          }}
        >
          <img
            src={productThumbnail(removing)}
            alt=""
            width={120}
            height={120}
            className="mb-2 h-24 w-24 rounded object-cover"
          />
          <p>{t('admin.images.removeText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
