import type { AgentStock } from '@ecogrid/core/stock-locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { apiFetch } from '@/lib/api-client.ts';

/** The units the agent holds as a stock location (decision 024). */
export const agentStockQuery = queryOptions({
  queryKey: ['agent', 'stock'],
  queryFn: ({ signal }) => apiFetch<AgentStock>('/api/agent/stock', { signal }),
  staleTime: 60_000,
  refetchOnMount: true,
});

/** What the agent carries to sell and deliver, product by product; nothing shown when they hold none. */
export function StockHeld() {
  const { t } = useTranslation();
  const stock = useQuery(agentStockQuery);
  return (
    <section aria-labelledby="stock-held-title" className="space-y-2">
      <h2 id="stock-held-title" className="text-lg font-semibold">
        {t('agent.stockHeld.title')}
      </h2>
      {stock.isPending ? (
        <p role="status">{t('agent.stockHeld.loading')}</p>
      ) : stock.isError ? (
        <FormAlert>{stock.error.message}</FormAlert>
      ) : stock.data.items.length === 0 ? (
        <p className="text-stone-700">{t('agent.stockHeld.none')}</p>
      ) : (
        <ul
          aria-labelledby="stock-held-title"
          className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
        >
          {stock.data.items.map((item) => (
            <li key={item.productId} className="flex items-baseline justify-between gap-3 p-3">
              <span className="min-w-0 break-words">{item.name}</span>
              <span className="font-semibold tabular-nums">{t('agent.stockHeld.units', { count: item.quantity })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
