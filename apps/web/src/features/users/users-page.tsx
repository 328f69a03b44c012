import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebounced } from '@/lib/use-debounced.ts';
import { usersQuery, type AdminUser } from './api.ts';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { UserActionsDialog } from './user-actions-dialog.tsx';
import { UserCard } from './user-card.tsx';
import { SearchField } from '@/components/admin/search-field.tsx';

/** /admin/users: find an account by name, email, phone or agent code, and change its role or standing. */
export default function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 300);
  const query = useInfiniteQuery(usersQuery(q));
  const loaded = query.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  const [selected, setSelected] = useState<AdminUser | null>(null);

  const search = (value: string) => {
    setText(value);
    // The search is kept in the address, so a reload or a shared link shows the same list.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value.trim()) next.set('q', value.trim());
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <section className="mx-auto max-w-6xl space-y-4 p-4" aria-labelledby="users-title">
      <AdminPageHeader titleId="users-title" title={t('admin.users.title')}>
        <p>{t('admin.users.intro')}</p>
      </AdminPageHeader>

      <form role="search" onSubmit={(event) => event.preventDefault()} className="max-w-xl">
        <SearchField
          id="users-search"
          label={t('admin.users.searchLabel')}
          value={text}
          onChange={search}
          placeholder={t('admin.users.searchPlaceholder')}
        />
      </form>

      <PagedList
        query={query}
        label={t('admin.users.title')}
        loadingLabel={t('admin.users.loading')}
        emptyText={q ? t('admin.users.noMatch', { q }) : t('admin.users.empty')}
        listClassName="grid gap-3 md:grid-cols-2 xl:grid-cols-3"
        summary={
          <p role="status" className="text-sm text-stone-700">
            {query.isPlaceholderData ? t('admin.searching') : t('admin.users.shown', { count: loaded })}
          </p>
        }
      >
        {(user) => <UserCard key={user.id} user={user} onActions={setSelected} />}
      </PagedList>

      {selected && <UserActionsDialog user={selected} onClose={() => setSelected(null)} />}
    </section>
  );
}
