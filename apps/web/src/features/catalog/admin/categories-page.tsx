import { categoryCreateSchema, slugify } from '@ecogrid/core/catalog-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { adminCategoriesQuery, createCategory, refreshCatalogue, reorderCategories } from './api.ts';
import { AdminError, useErrorText } from '@/components/admin/admin-error.tsx';
import { CategoryItem } from './category-item.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';

type AddErrors = { name?: string; slug?: string };

/** A new category: its name, and its slug (made from the name until the admin edits it). */
function AddCategory() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState<string | null>(null);
  const [errors, setErrors] = useState<AddErrors>({});
  const shownSlug = slug ?? slugify(name);
  const add = useMutation({
    mutationFn: createCategory,
    retry: false,
    onSuccess: async (made) => {
      setName('');
      setSlug(null);
      await refreshCatalogue(queryClient);
      void showToast(t('admin.categories.added', { name: made.name }), { kind: 'success' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'category_exists') setErrors({ slug: error.message });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = categoryCreateSchema.safeParse({ name, slug: shownSlug });
    if (!checked.success) {
      const fields = new Set(checked.error.issues.map((i) => String(i.path[0])));
      const found: AddErrors = {
        name: fields.has('name') ? t('admin.categories.check.name') : undefined,
        slug: fields.has('slug') ? t('admin.categories.check.slug') : undefined,
      };
      setErrors(found);
      event.currentTarget.querySelector<HTMLElement>(`[name="${found.name ? 'name' : 'slug'}"]`)?.focus();
      return;
    }
    setErrors({});
    add.mutate(checked.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{t('admin.categories.addTitle')}</h2>
      <TextField
        id={`${id}-name`}
        name="name"
        label={t('admin.categories.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        maxLength={60}
        autoComplete="off"
      />
      <TextField
        id={`${id}-slug`}
        name="slug"
        label={t('admin.categories.slug')}
        hint={t('admin.categories.slugHint')}
        value={shownSlug}
        onChange={(event) => setSlug(event.target.value)}
        error={errors.slug}
        maxLength={40}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className="font-mono"
      />
      {add.isError && !errors.slug && <FormAlert>{errorText(add.error)}</FormAlert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending} aria-busy={add.isPending} className="w-full sm:w-auto">
          {add.isPending ? t('admin.working') : t('admin.categories.add')}
        </Button>
      </div>
    </form>
  );
}

/** /admin/categories: the shop's categories in order; add, rename, move up or down, deactivate or reactivate. */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const categories = useQuery(adminCategoriesQuery);
  const [announcement, setAnnouncement] = useState('');
  const move = useMutation({
    mutationFn: ({ slugs }: { slugs: string[]; slug: string; direction: 'up' | 'down' }) => reorderCategories(slugs),
    retry: false,
    onSuccess: async (result, { slug, direction }) => {
      queryClient.setQueryData(adminCategoriesQuery.queryKey, result);
      await refreshCatalogue(queryClient);
      const index = result.items.findIndex((c) => c.slug === slug);
      setAnnouncement(t('admin.categories.moved', { name: result.items[index]?.name, position: index + 1 }));
      // The moved category keeps the focus, on the same button if it can still move that way.
      requestAnimationFrame(() => {
        const buttons = [
          `[data-move="${slug}-${direction}"]`,
          `[data-move="${slug}-${direction === 'up' ? 'down' : 'up'}"]`,
        ];
        for (const selector of buttons) {
          const button = document.querySelector<HTMLButtonElement>(selector);
          if (button && !button.disabled) return button.focus();
        }
      });
    },
  });
  const items = categories.data?.items ?? [];
  const moveOne = (slug: string, direction: 'up' | 'down') => {
    const slugs = items.map((c) => c.slug);
    const from = slugs.indexOf(slug);
    const to = direction === 'up' ? from - 1 : from + 1;
    [slugs[from], slugs[to]] = [slugs[to]!, slugs[from]!];
    move.mutate({ slugs, slug, direction });
  };

  return (
    <section className="mx-auto max-w-4xl space-y-4 p-4" aria-labelledby="categories-title">
      <AdminPageHeader titleId="categories-title" title={t('admin.categories.title')}>
        <p>{t('admin.categories.intro')}</p>
      </AdminPageHeader>
      <AddCategory />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {move.isError && <FormAlert>{errorText(move.error)}</FormAlert>}
      {categories.isPending ? (
        <SkeletonList label={t('admin.categories.loading')} />
      ) : categories.isError ? (
        <AdminError error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        <ol aria-label={t('admin.categories.listLabel')} aria-busy={move.isPending} className="space-y-3">
          {items.map((category, index) => (
            <CategoryItem
              key={category.slug}
              category={category}
              first={index === 0}
              last={index === items.length - 1}
              moving={move.isPending}
              onMove={(direction) => moveOne(category.slug, direction)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
