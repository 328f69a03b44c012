import { SWAP_REASONS, type SwapReason } from '@ecogrid/core/collections';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { Part } from '@/components/ui/part.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { formatUgx } from '@/lib/money.ts';
import { WarrantyState } from '../components/warranty-state.tsx';
import {
  previewSwap,
  refetchLoan,
  swapUnit,
  type AdminLoan,
  type DeviceSwapInput,
  type DeviceSwapQuote,
} from './api.ts';
import { devicesKey, devicesQuery } from './devices-api.ts';

const SWAPPABLE: readonly AdminLoan['status'][] = ['active', 'defaulted', 'completed'];

/** The replacement units to choose from: in stock, of the loan's product, by the start of their serial. */
function useUnitsInStock(productId: string, serial: string, enabled: boolean) {
  const units = useInfiniteQuery({
    ...devicesQuery({ status: 'in_stock', productId, serial: serial.trim() || undefined }),
    enabled,
  });
  return units.data?.pages[0]?.items ?? [];
}

/** The quote an admin reads before confirming: units, warranty, the new unit's token, the charge. */
function SwapQuote({ quote }: { quote: DeviceSwapQuote }) {
  const { t } = useTranslation();
  return (
    <dl className="space-y-1 text-sm" aria-label={t('adminLoans.swap.quoteTitle')}>
      <Fact term={t('adminLoans.swap.oldUnit')}>{quote.oldSerial}</Fact>
      <Fact term={t('adminLoans.swap.newUnit')}>{quote.newSerial}</Fact>
      <Fact term={t('adminLoans.warranty')}>
        {quote.warrantyUntil ? <WarrantyState until={quote.warrantyUntil} /> : t('adminLoans.swap.noWarranty')}
      </Fact>
      <Fact term={t('adminLoans.swap.token')}>
        {quote.token === 'DISABLE_PAYG'
          ? t('adminLoans.swap.unlock')
          : t('adminLoans.swap.daysLeft', { count: quote.daysCarried })}
      </Fact>
      <Fact term={t('adminLoans.swap.charge')}>
        {quote.charge > 0 ? formatUgx(quote.charge) : t('adminLoans.swap.free')}
      </Fact>
      <Fact term={t('adminLoans.swap.owedAfter')}>{formatUgx(quote.owedAfter)}</Fact>
    </dl>
  );
}

/**
 * Move a loan to a replacement unit of the same product: the admin picks one in stock (or leaves
 * the oldest), gives the reason and any charge, reads the preview, then confirms.
 */
export function SwapUnit({ loan }: { loan: AdminLoan }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [serial, setSerial] = useState('');
  const [reason, setReason] = useState<SwapReason | ''>('');
  const [charge, setCharge] = useState('');
  const [note, setNote] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const units = useUnitsInStock(loan.productId, search, open);
  const chargeValue = charge.trim() === '' ? 0 : Number(charge.replace(/[,\s]/g, ''));
  const input = (): DeviceSwapInput => ({
    ...(serial ? { newSerial: serial } : {}),
    reason: reason as SwapReason,
    charge: chargeValue,
    ...(note.trim() ? { note: note.trim() } : {}),
  });
  const preview = useMutation({ mutationFn: () => previewSwap(loan.id, input()), retry: false });
  const swap = useMutation({
    mutationFn: () => swapUnit(loan.id, { ...input(), confirmCharge: confirmed }),
    retry: false,
    onSuccess: async ({ swap: done }) => {
      await Promise.all([refetchLoan(queryClient, loan.id), queryClient.invalidateQueries({ queryKey: devicesKey })]);
      void showToast(t('adminLoans.swap.done', { newSerial: done.newSerial, oldSerial: done.oldSerial }), {
        kind: 'success',
      });
      setOpen(false);
      preview.reset();
    },
  });
  if (!loan.deviceSerial || !SWAPPABLE.includes(loan.status)) return null;
  const changed = () => {
    preview.reset();
    setConfirmed(false);
  };
  const chargeError =
    Number.isSafeInteger(chargeValue) && chargeValue >= 0 ? undefined : t('adminLoans.swap.chargeInvalid');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || chargeError) return;
    if (!preview.data) preview.mutate();
    else swap.mutate();
  };
  const error = preview.error ?? swap.error;
  const quote = preview.data;

  return (
    <Part className="min-w-0 space-y-3" id="swap-title" title={t('adminLoans.swap.title')}>
      <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
        <p className="text-sm">{t('adminLoans.swap.intro', { serial: loan.deviceSerial })}</p>
        <Button variant="secondary" aria-expanded={open} aria-controls="swap-form" onClick={() => setOpen(!open)}>
          {open ? t('adminLoans.swap.close') : t('adminLoans.swap.open')}
        </Button>
        <form id="swap-form" hidden={!open} className="space-y-3" onSubmit={submit} noValidate>
          <TextField
            id="swap-search"
            label={t('adminLoans.swap.search')}
            hint={t('adminLoans.swap.searchHint')}
            value={search}
            autoComplete="off"
            onChange={(e) => setSearch(e.target.value)}
          />
          <SelectField
            id="swap-unit"
            label={t('adminLoans.swap.unit')}
            placeholder={units.length ? t('adminLoans.swap.oldest') : t('adminLoans.swap.noneFound')}
            options={units.map((u) => ({ value: u.serialNumber, label: u.serialNumber }))}
            value={serial}
            onChange={(e) => {
              setSerial(e.target.value);
              changed();
            }}
          />
          <SelectField
            id="swap-reason"
            label={t('adminLoans.swap.reason')}
            placeholder={t('adminLoans.swap.choose')}
            options={SWAP_REASONS.map((r) => ({ value: r, label: t(`adminLoans.swap.reasons.${r}`) }))}
            value={reason}
            required
            onChange={(e) => {
              setReason(e.target.value as SwapReason);
              changed();
            }}
          />
          <TextField
            id="swap-charge"
            label={t('adminLoans.swap.chargeLabel')}
            hint={t('adminLoans.swap.chargeHint')}
            inputMode="numeric"
            value={charge}
            error={chargeError}
            onChange={(e) => {
              setCharge(e.target.value);
              changed();
            }}
          />
          <TextField
            id="swap-note"
            label={t('adminLoans.swap.note')}
            value={note}
            maxLength={300}
            onChange={(e) => setNote(e.target.value)}
          />
          {quote && <SwapQuote quote={quote} />}
          {quote && quote.charge > 0 && (
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5"
                checked={confirmed}
                onChange={(e) => setConfirmed(e.target.checked)}
              />
              {t('adminLoans.swap.confirmCharge', { amount: formatUgx(quote.charge) })}
            </label>
          )}
          {error && <FormAlert>{error.message}</FormAlert>}
          <Button
            type="submit"
            disabled={
              !reason || preview.isPending || swap.isPending || (quote !== undefined && quote.charge > 0 && !confirmed)
            }
          >
            {quote ? t('adminLoans.swap.confirm') : t('adminLoans.swap.preview')}
          </Button>
        </form>
      </div>
    </Part>
  );
}
