import { CATALOG_LIMITS, stockAdjustmentSchema } from '@ecogrid/core/catalog-admin';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { adjustStock, refreshCatalogue, stockMovementsQuery, type AdminProduct, type StockMovement } from './api.ts';
import { useFormats } from '@/lib/formats.ts';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { LoadMore } from '@/components/admin/load-more.tsx';
import { LOW_STOCK, StockBadge } from './product-badges.tsx';
import { stockLocationsQuery } from './stock/stock-api.ts';

const REASONS = ['delivery', 'count', 'damaged', 'returned'] as const;

const signed = (change: number) => (change > 0 ? `+${change}` : `−${-change}`);

function MovementItem({ movement }: { movement: StockMovement }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <li className="space-y-1 rounded-lg border border-stone-200 bg-white p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{t(`admin.stock.kinds.${movement.kind}`)}</span>
        <time dateTime={movement.createdAt} className="text-sm text-stone-700">
          {formats.stamp(movement.createdAt)}
        </time>
      </div>
      <p className="tabular-nums">
        <span className={`font-semibold ${movement.change < 0 ? 'text-red-800' : 'text-brand-800'}`}>
          {signed(movement.change)}
        </span>{' '}
        <span className="text-stone-700">{t('admin.stock.after', { count: movement.stockAfter })}</span>
      </p>
      {movement.reason && <p className="text-sm break-words">{movement.reason}</p>}
      <p className="text-sm text-stone-700">
        {movement.orderId
          ? t('admin.stock.order', { order: movement.orderId })
          : movement.actorId && t('admin.productPage.by', { name: movement.actorName ?? movement.actorId })}
      </p>
    </li>
  );
}

/**
 * The stock now, a form to add or remove units at a location (the main warehouse unless another
 * is chosen) with the reason (sent once even if the connection drops and the request is
 * retried), and every movement, newest first.
 */
export function StockPanel({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const attempt = useAttemptKey();
  const form = useRef<HTMLFormElement>(null);
  const [direction, setDirection] = useState<'add' | 'remove'>('add');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  // Where the units arrive or leave; the main warehouse when none is chosen.
  const [locationId, setLocationId] = useState('');
  const locations = useQuery(stockLocationsQuery);
  const [errors, setErrors] = useState<{ quantity?: string; reason?: string }>({});
  const movements = useInfiniteQuery(stockMovementsQuery(product.id));
  const adjust = useMutation({
    mutationFn: (body: { change: number; reason: string; locationId?: string }) =>
      adjustStock(product.id, body, attempt.keyFor(body)),
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: async (result) => {
      attempt.settled();
      setQuantity('');
      setReason('');
      await refreshCatalogue(queryClient);
      void showToast(t('admin.stock.done', { quantity: result.product.stock }), { kind: 'success' });
    },
    onError: (error) => attempt.settled(error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const units = /^\d+$/.test(quantity.trim()) ? Number(quantity.trim()) : Number.NaN;
    const body = { change: direction === 'add' ? units : -units, reason, ...(locationId ? { locationId } : {}) };
    const checked = stockAdjustmentSchema.safeParse(body);
    if (!checked.success || units <= 0) {
      const fields = new Set(checked.success ? ['change'] : checked.error.issues.map((i) => String(i.path[0])));
      const next = {
        quantity: fields.has('change') || units <= 0 ? t('admin.stock.check.quantity') : undefined,
        reason: fields.has('reason') ? t('admin.stock.check.reason') : undefined,
      };
      setErrors(next);
      form.current?.querySelector<HTMLElement>(next.quantity ? '[name="quantity"]' : '[name="reason"]')?.focus();
      return;
    }
    setErrors({});
    adjust.mutate(checked.data);
  };
  const items = movements.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-lg">
        <span className="font-semibold">{t('admin.stock.now', { count: product.stock })}</span>
        {product.stock <= LOW_STOCK && <StockBadge stock={product.stock} />}
      </p>
      <form
        ref={form}
        onSubmit={submit}
        noValidate
        className="space-y-3 rounded-lg border border-stone-200 bg-white p-4"
      >
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium">{t('admin.stock.direction')}</legend>
          {(['add', 'remove'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="direction"
                value={value}
                checked={direction === value}
                onChange={() => setDirection(value)}
                className="h-5 w-5"
              />
              {t(`admin.stock.${value}`)}
            </label>
          ))}
        </fieldset>
        <TextField
          id={`${id}-quantity`}
          name="quantity"
          label={t('admin.stock.quantity')}
          hint={t('admin.stock.quantityHint', { max: CATALOG_LIMITS.adjustment.max.toLocaleString('en') })}
          inputMode="numeric"
          autoComplete="off"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          error={errors.quantity}
          maxLength={6}
        />
        <SelectField
          id={`${id}-location`}
          label={t('admin.stock.location')}
          placeholder={t('admin.stockPlaces.main')}
          options={(locations.data ?? [])
            .filter((l) => !l.isMain && l.active)
            .map((l) => ({ value: l.id, label: `${l.name} (${t(`admin.stockPlaces.kinds.${l.kind}`)})` }))}
          value={locationId}
          onChange={(event) => setLocationId(event.target.value)}
        />
        <TextField
          id={`${id}-reason`}
          name="reason"
          label={t('admin.stock.reason')}
          hint={t('admin.stock.reasonHint')}
          list={`${id}-reasons`}
          autoComplete="off"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
          maxLength={300}
        />
        <datalist id={`${id}-reasons`}>
          {REASONS.map((r) => (
            <option key={r} value={t(`admin.stock.reasons.${r}`)} />
          ))}
        </datalist>
        {adjust.isError && <FormAlert>{errorText(adjust.error)}</FormAlert>}
        <div className="flex justify-end">
          <Button type="submit" disabled={adjust.isPending} aria-busy={adjust.isPending} className="w-full sm:w-auto">
            {adjust.isPending ? t('admin.working') : t('admin.stock.submit')}
          </Button>
        </div>
      </form>

      <h3 className="text-base font-semibold">{t('admin.stock.history')}</h3>
      {movements.isPending ? (
        <p role="status">{t('admin.stock.loading')}</p>
      ) : items.length === 0 ? (
        <p className="text-stone-700">{t('admin.stock.none')}</p>
      ) : (
        <ol aria-label={t('admin.stock.history')} className="space-y-2">
          {items.map((movement) => (
            <MovementItem key={movement.id} movement={movement} />
          ))}
        </ol>
      )}
      {movements.isError && <FormAlert>{errorText(movements.error)}</FormAlert>}
      <LoadMore
        hasNextPage={movements.hasNextPage}
        isFetchingNextPage={movements.isFetchingNextPage}
        fetchNextPage={movements.fetchNextPage}
      />
    </div>
  );
}
