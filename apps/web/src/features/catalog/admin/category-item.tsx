import { categoryUpdateSchema } from '@ecogrid/core/catalog-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { outcomeUnknown } from '@/lib/idempotency.ts';
import { refreshCatalogue, setCategoryActive, updateCategory, type AdminCategory } from './api.ts';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { ConfirmDialog } from '@/components/admin/confirm-dialog.tsx';

type Props = {
  category: AdminCategory;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (direction: 'up' | 'down') => void;
};

/** One category: its name, slug and products; rename it, move it, or take it out of the shop. */
export function CategoryItem({ category, first, last, moving, onMove }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(category.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const [asking, setAsking] = useState(false);
  const rename = useMutation({
    mutationFn: (newName: string) => updateCategory(category.slug, { name: newName }),
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: async (updated) => {
      setRenaming(false);
      await refreshCatalogue(queryClient);
      void showToast(t('admin.categories.renamed', { name: updated.name }), { kind: 'success' });
    },
  });
  const toggle = useMutation({
    mutationFn: () => setCategoryActive(category.slug, !category.active),
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: async (updated) => {
      setAsking(false);
      await refreshCatalogue(queryClient);
      void showToast(
        t(updated.active ? 'admin.categories.reactivated' : 'admin.categories.deactivated', { name: updated.name }),
        { kind: 'success' },
      );
    },
  });
  const submitName = (event: FormEvent) => {
    event.preventDefault();
    if (!categoryUpdateSchema.safeParse({ name }).success) return setNameError(t('admin.categories.check.name'));
    setNameError(undefined);
    if (name.trim() === category.name) return setRenaming(false);
    rename.mutate(name.trim());
  };
  const verb = category.active ? 'deactivate' : 'reactivate';
  const moveButton = (direction: 'up' | 'down', disabled: boolean) => (
    <Button
      variant="secondary"
      className="px-3"
      disabled={disabled || moving}
      data-move={`${category.slug}-${direction}`}
      aria-label={t(`admin.categories.move.${direction}`, { name: category.name })}
      onClick={() => onMove(direction)}
    >
      <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
    </Button>
  );

  return (
    <li className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold break-words">{category.name}</h2>
          <p className="font-mono text-sm text-stone-700">{category.slug}</p>
        </div>
        {category.active ? (
          <Badge tone="good">{t('admin.categories.active')}</Badge>
        ) : (
          <Badge tone="bad">{t('admin.categories.inactive')}</Badge>
        )}
      </div>
      <p className="text-sm text-stone-700">
        {t('admin.categories.counts', { count: category.productCount, active: category.activeProductCount })}
      </p>
      {renaming ? (
        <form onSubmit={submitName} noValidate className="space-y-2">
          <TextField
            id={`${id}-name`}
            label={t('admin.categories.newName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={nameError}
            maxLength={60}
            autoComplete="off"
            autoFocus
          />
          {rename.isError && <FormAlert>{errorText(rename.error)}</FormAlert>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={rename.isPending} aria-busy={rename.isPending}>
              {rename.isPending ? t('admin.working') : t('admin.categories.saveName')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setName(category.name);
                setNameError(undefined);
                setRenaming(false);
              }}
            >
              {t('admin.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          {moveButton('up', first)}
          {moveButton('down', last)}
          <Button
            variant="secondary"
            aria-label={t('admin.categories.renameLabel', { name: category.name })}
            onClick={() => setRenaming(true)}
          >
            {t('admin.categories.rename')}
          </Button>
          <Button
            variant={category.active ? 'ghost' : 'secondary'}
            aria-haspopup="dialog"
            aria-label={t(`admin.categories.${verb}Label`, { name: category.name })}
            onClick={() => setAsking(true)}
          >
            {t(`admin.categories.${verb}`)}
          </Button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={t(`admin.categories.${verb}Title`, { name: category.name })}
          confirmLabel={t(`admin.categories.${verb}`)}
          danger={category.active}
          busy={toggle.isPending}
          error={toggle.isError ? errorText(toggle.error) : null}
          onConfirm={() => toggle.mutate()}
          onClose={() => {
            toggle.reset();
            setAsking(false);
          }}
        >
          <p>{t(`admin.categories.${verb}Text`)}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
