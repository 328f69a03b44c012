import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { localPhone } from '@/lib/phone.ts';
import type { Page } from '@/lib/paged-query.ts';
import type { BookCustomer } from '../books-api.ts';
import { customerPath } from '../field-api.ts';
import { AgentQueryView } from '../page-states.tsx';

/** The choice of what a list shows, kept in the address (?show=…) so Back returns to it. */
export function useShow<T extends string>(choices: readonly T[]): [T, (show: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('show') as T | null;
  const show = asked && choices.includes(asked) ? asked : choices[0]!;
  return [show, (next) => setParams(next === choices[0] ? {} : { show: next }, { replace: true })];
}

/** Whose a record is: their name (to their page), phone and village. */
export function CustomerLine({ id, customer }: { id: string; customer: BookCustomer }) {
  const { t } = useTranslation();
  const phone = localPhone(customer.phone);
  return (
    <>
      <h2 id={id} className="text-base font-semibold break-words">
        <Link to={customerPath(customer.id)} className="text-brand-800 underline">
          {customer.name || t('agent.list.noName')}
        </Link>
      </h2>
      <p className="text-stone-700">
        {[phone || t('agent.list.noPhone'), customer.village].filter(Boolean).join(' · ')}
      </p>
    </>
  );
}

type Props<T extends { id: string }> = {
  titleId: string;
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  words: { loading: string; empty: string; shown: (count: number) => string };
  show: { label: string; value: string; options: { value: string; label: string }[]; change: (value: string) => void };
  render: (item: T) => ReactNode;
};

/**
 * A page of the agent's book: what to show, then the records newest first in every state
 * (kept offline, not an agent, loading, failed with a retry), and older ones on demand.
 */
export function BookList<T extends { id: string }>({ titleId, query, words, show, render }: Props<T>) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        id={`${titleId}-show`}
        label={show.label}
        options={show.options}
        value={show.value}
        onChange={(event) => show.change(event.target.value)}
      />
      <AgentQueryView query={query} loadingLabel={words.loading}>
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          return (
            <div className="space-y-3" aria-busy={query.isFetching}>
              <p role="status" className="text-stone-700">
                {items.length === 0 ? words.empty : words.shown(items.length)}
              </p>
              {items.length > 0 && (
                <ul
                  aria-labelledby={titleId}
                  className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
                >
                  {items.map((item) => (
                    <li key={item.id} className="space-y-1 p-4" aria-labelledby={`${titleId}-${item.id}`}>
                      {render(item)}
                    </li>
                  ))}
                </ul>
              )}
              {query.hasNextPage && (
                <Button
                  variant="secondary"
                  className="w-full sm:w-auto"
                  disabled={query.isFetchingNextPage}
                  aria-busy={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {query.isFetchingNextPage ? t('agent.book.loadingMore') : t('agent.book.loadMore')}
                </Button>
              )}
            </div>
          );
        }}
      </AgentQueryView>
    </>
  );
}
