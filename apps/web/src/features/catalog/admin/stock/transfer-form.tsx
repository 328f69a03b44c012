import { stockTransferSchema, type StockLocation } from '@ecogrid/core/stock-locations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextAreaField } from '@/components/ui/text-area-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { refreshStock, stockProductsQuery, transferStock } from './stock-api.ts';

type Fields = 'productId' | 'fromLocationId' | 'toLocationId' | 'quantity' | 'serials';
const EMPTY = { productId: '', fromLocationId: '', toLocationId: '', quantity: '', note: '', serials: '' };

/** Moves units of a product from one location to another, picked by name; devices by their serial numbers. */
export function TransferForm({ locations }: { locations: StockLocation[] }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const products = useQuery(stockProductsQuery);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const transfer = useMutation({
    mutationFn: transferStock,
    retry: false,
    onSuccess: async (move) => {
      setForm(EMPTY);
      await refreshStock(queryClient);
      void showToast(
        t('admin.stockPlaces.transfer.done', {
          count: move.quantity,
          product: move.productName,
          from: move.fromName,
          to: move.toName,
        }),
        { kind: 'success' },
      );
    },
  });
  const places = locations
    .filter((l) => l.active)
    .map((l) => ({ value: l.id, label: `${l.name} (${t(`admin.stockPlaces.kinds.${l.kind}`)})` }));
  const set = (change: Partial<typeof EMPTY>) => setForm((now) => ({ ...now, ...change }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const serials = form.serials
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    const body = {
      productId: form.productId,
      fromLocationId: form.fromLocationId,
      toLocationId: form.toLocationId,
      quantity: /^\d+$/.test(form.quantity.trim()) ? Number(form.quantity.trim()) : Number.NaN,
      ...(form.note.trim() ? { note: form.note.trim() } : {}),
      ...(serials.length > 0 ? { serials } : {}),
    };
    const checked = stockTransferSchema.safeParse(body);
    if (!checked.success) {
      const fields = new Set(checked.error.issues.map((i) => String(i.path[0]) as Fields));
      const found: Partial<Record<Fields, string>> = {};
      for (const field of ['productId', 'fromLocationId', 'toLocationId', 'quantity', 'serials'] as const) {
        if (fields.has(field)) found[field] = t(`admin.stockPlaces.transfer.check.${field}`);
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    transfer.mutate(checked.data);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{t('admin.stockPlaces.transfer.title')}</h2>
      <SelectField
        id={`${id}-product`}
        name="productId"
        label={t('admin.stockPlaces.transfer.product')}
        placeholder={products.isPending ? t('admin.stockPlaces.loading') : t('admin.stockPlaces.choose')}
        options={(products.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.sku})` }))}
        value={form.productId}
        onChange={(event) => set({ productId: event.target.value })}
        error={errors.productId}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id={`${id}-from`}
          name="fromLocationId"
          label={t('admin.stockPlaces.transfer.from')}
          placeholder={t('admin.stockPlaces.choose')}
          options={places}
          value={form.fromLocationId}
          onChange={(event) => set({ fromLocationId: event.target.value })}
          error={errors.fromLocationId}
        />
        <SelectField
          id={`${id}-to`}
          name="toLocationId"
          label={t('admin.stockPlaces.transfer.to')}
          placeholder={t('admin.stockPlaces.choose')}
          options={places}
          value={form.toLocationId}
          onChange={(event) => set({ toLocationId: event.target.value })}
          error={errors.toLocationId}
        />
      </div>
      <TextField
        id={`${id}-quantity`}
        name="quantity"
        label={t('admin.stockPlaces.transfer.quantity')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={form.quantity}
        onChange={(event) => set({ quantity: event.target.value })}
        error={errors.quantity}
      />
      <TextAreaField
        id={`${id}-serials`}
        label={t('admin.stockPlaces.transfer.serials')}
        value={form.serials}
        onChange={(serials) => set({ serials })}
        error={errors.serials}
        rows={2}
        maxLength={5000}
      />
      <TextField
        id={`${id}-note`}
        name="note"
        label={t('admin.stockPlaces.transfer.note')}
        autoComplete="off"
        maxLength={300}
        value={form.note}
        onChange={(event) => set({ note: event.target.value })}
      />
      {transfer.isError && <FormAlert>{errorText(transfer.error)}</FormAlert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={transfer.isPending} aria-busy={transfer.isPending} className="w-full sm:w-auto">
          {transfer.isPending ? t('admin.working') : t('admin.stockPlaces.transfer.submit')}
        </Button>
      </div>
    </form>
  );
}
