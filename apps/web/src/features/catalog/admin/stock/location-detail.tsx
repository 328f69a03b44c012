import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminError } from '@/components/admin/admin-error.tsx';
import { LoadMore } from '@/components/admin/load-more.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { useFormats } from '@/lib/formats.ts';
import { locationMovesQuery, locationStockQuery, type StockMove } from './stock-api.ts';

function MoveItem({ move, here }: { move: StockMove; here: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const incoming = move.toLocationId === here;
  return (
    <li className="space-y-1 rounded-lg border border-stone-200 bg-white p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{t(`admin.stockPlaces.moves.${move.kind}`)}</span>
        <time dateTime={move.createdAt} className="text-sm text-stone-700">
          {formats.stamp(move.createdAt)}
        </time>
      </div>
      <p>
        <span className={`font-semibold tabular-nums ${incoming ? 'text-brand-800' : 'text-red-800'}`}>
          {incoming ? `+${move.quantity}` : `−${move.quantity}`}
        </span>{' '}
        {move.productName}
      </p>
      {move.kind === 'transfer' && (
        <p className="text-sm text-stone-700">
          {t('admin.stockPlaces.moves.fromTo', { from: move.fromName, to: move.toName })}
        </p>
      )}
      {move.serials.length > 0 && <p className="text-sm break-words">{move.serials.join(', ')}</p>}
      {move.note && <p className="text-sm break-words">{move.note}</p>}
      {move.actorName && (
        <p className="text-sm text-stone-700">{t('admin.productPage.by', { name: move.actorName })}</p>
      )}
    </li>
  );
}

/** One location: what it holds, product by product, and what came and went, newest first. */
export function LocationDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const stock = useQuery(locationStockQuery(id));
  const moves = useInfiniteQuery(locationMovesQuery(id));
  if (stock.isPending) return <SkeletonList label={t('admin.stockPlaces.loading')} />;
  if (stock.isError) return <AdminError error={stock.error} onRetry={() => void stock.refetch()} />;
  const { location, items } = stock.data;
  const history = moves.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={`stock-at-${id}`} className="space-y-3">
      <h2 id={`stock-at-${id}`} className="text-lg font-semibold">
        {t('admin.stockPlaces.heldAt', { name: location.name })}
      </h2>
      {items.length === 0 ? (
        <p className="text-stone-700">{t('admin.stockPlaces.empty')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {items.map((item) => (
            <li key={item.productId} className="flex items-baseline justify-between gap-3 p-3">
              <span className="min-w-0 break-words">
                {item.name} <span className="text-sm text-stone-700">{item.sku}</span>
              </span>
              <span className="font-semibold tabular-nums">
                {t('admin.stockPlaces.units', { count: item.quantity })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="text-base font-semibold">{t('admin.stockPlaces.history')}</h3>
      {moves.isPending ? (
        <p role="status">{t('admin.stockPlaces.loading')}</p>
      ) : history.length === 0 ? (
        <p className="text-stone-700">{t('admin.stockPlaces.noHistory')}</p>
      ) : (
        <ol aria-label={t('admin.stockPlaces.history')} className="space-y-2">
          {history.map((move) => (
            <MoveItem key={move.id} move={move} here={id} />
          ))}
        </ol>
      )}
      <LoadMore
        hasNextPage={moves.hasNextPage}
        isFetchingNextPage={moves.isFetchingNextPage}
        fetchNextPage={moves.fetchNextPage}
      />
    </section>
  );
}
