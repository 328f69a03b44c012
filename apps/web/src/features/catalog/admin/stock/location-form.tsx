import { stockLocationCreateSchema, type StockLocation, type StockLocationKind } from '@ecogrid/core/stock-locations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { createStockLocation, refreshStock, stockCandidatesQuery } from './stock-api.ts';

/** A new location: a warehouse by name, a pickup point's shop, or an approved agent, each chosen by name. */
export function LocationForm({ locations }: { locations: StockLocation[] }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const candidates = useQuery(stockCandidatesQuery);
  const [kind, setKind] = useState<StockLocationKind>('warehouse');
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useMutation({
    mutationFn: createStockLocation,
    retry: false,
    onSuccess: async (made) => {
      setName('');
      setLink('');
      await refreshStock(queryClient);
      void showToast(t('admin.stockPlaces.add.done', { name: made.name }), { kind: 'success' });
    },
  });
  const taken = new Set(locations.flatMap((l) => [l.pickupPointId, l.agentId]).filter(Boolean));
  const choices =
    kind === 'shop'
      ? (candidates.data?.pickupPoints ?? [])
          .filter((p) => !taken.has(p.id))
          .map((p) => ({ value: p.id, label: `${p.name}, ${p.district}` }))
      : (candidates.data?.agents ?? []).filter((a) => !taken.has(a.id)).map((a) => ({ value: a.id, label: a.name }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body =
      kind === 'warehouse' ? { kind, name } : kind === 'shop' ? { kind, pickupPointId: link } : { kind, agentId: link };
    const checked = stockLocationCreateSchema.safeParse(body);
    if (!checked.success) {
      setError(t(kind === 'warehouse' ? 'admin.stockPlaces.add.check.name' : 'admin.stockPlaces.add.check.link'));
      event.currentTarget.querySelector<HTMLElement>('[name="location-link"]')?.focus();
      return;
    }
    setError(undefined);
    add.mutate(checked.data);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{t('admin.stockPlaces.add.title')}</h2>
      <SelectField
        id={`${id}-kind`}
        label={t('admin.stockPlaces.add.kind')}
        options={(['warehouse', 'shop', 'agent'] as const).map((k) => ({
          value: k,
          label: t(`admin.stockPlaces.kinds.${k}`),
        }))}
        value={kind}
        onChange={(event) => {
          setKind(event.target.value as StockLocationKind);
          setLink('');
          setError(undefined);
        }}
      />
      {kind === 'warehouse' ? (
        <TextField
          id={`${id}-name`}
          name="location-link"
          label={t('admin.stockPlaces.add.name')}
          autoComplete="off"
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
        />
      ) : (
        <SelectField
          id={`${id}-link`}
          name="location-link"
          label={t(kind === 'shop' ? 'admin.stockPlaces.add.pickupPoint' : 'admin.stockPlaces.add.agent')}
          placeholder={candidates.isPending ? t('admin.stockPlaces.loading') : t('admin.stockPlaces.choose')}
          options={choices}
          value={link}
          onChange={(event) => setLink(event.target.value)}
          error={error}
        />
      )}
      {add.isError && <FormAlert>{errorText(add.error)}</FormAlert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending} aria-busy={add.isPending} className="w-full sm:w-auto">
          {add.isPending ? t('admin.working') : t('admin.stockPlaces.add.submit')}
        </Button>
      </div>
    </form>
  );
}
