import { parseUgx } from '@ecogrid/core/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { ConfirmDialog } from '@/components/admin/confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { basisPointsToPercent, percentToBasisPoints } from '@/lib/agent-terms.ts';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { refreshAgent, saveAgentSettings, type AdminAgentDetail, type AgentSettings } from './api.ts';

/** The server's bounds (agentSettingsSchema): commission up to 50 %, a cash limit up to UGX 100,000,000. */
const MAX_RATE_BP = 5000;
const MAX_CASH_LIMIT = 100_000_000;

type Field = 'rate' | 'cashLimit';
type Change = { label: string; from: string; to: string };

/** "Mukono, Wakiso ,," → ['Mukono', 'Wakiso']. */
const districtList = (text: string) =>
  text
    .split(',')
    .map((district) => district.trim())
    .filter(Boolean);

/** The agent's settings (commission rate, districts, cash limit, active), saved after the admin confirms what changes. */
export function AgentSettingsForm({ agent }: { agent: AdminAgentDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [rate, setRate] = useState(agent.commissionRateBp === null ? '' : basisPointsToPercent(agent.commissionRateBp));
  const [districts, setDistricts] = useState(agent.districts.join(', '));
  const [cashLimit, setCashLimit] = useState(String(agent.cashLimit));
  const [active, setActive] = useState(agent.isActive);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [unchanged, setUnchanged] = useState(false);
  const [pending, setPending] = useState<{ settings: AgentSettings; changes: Change[] } | null>(null);
  const save = useMutation({
    mutationFn: (settings: AgentSettings) => saveAgentSettings(agent.id, settings),
    onSuccess: (saved) => {
      refreshAgent(queryClient, agent.id, saved);
      void showToast(t('admin.agents.settingsSaved', { name: saved.name }), { kind: 'success' });
      setPending(null);
    },
  });
  const yesNo = (value: boolean) => (value ? t('admin.agents.active') : t('admin.agents.inactive'));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rateBp = percentToBasisPoints(rate, MAX_RATE_BP);
    const limit = parseUgx(cashLimit);
    const found: Partial<Record<Field, string>> = {};
    if (rateBp === null) found.rate = t('admin.agents.rateInvalid');
    if (limit === null || limit > MAX_CASH_LIMIT) {
      found.cashLimit = t('admin.agents.cashLimitInvalid', { max: formatUgx(MAX_CASH_LIMIT) });
    }
    setErrors(found);
    const first = (['rate', 'cashLimit'] as const).find((field) => found[field]);
    if (first || rateBp === null || limit === null) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const settings: AgentSettings = {};
    const changes: Change[] = [];
    const list = districtList(districts);
    const none = t('admin.agents.noDistricts');
    if (rateBp !== agent.commissionRateBp) {
      settings.commissionRateBp = rateBp;
      const from =
        agent.commissionRateBp === null ? t('admin.agents.notSet') : formats.commission(agent.commissionRateBp);
      changes.push({ label: t('admin.agents.rate'), from, to: formats.commission(rateBp) });
    }
    if (list.join('\n') !== agent.districts.join('\n')) {
      settings.districts = list;
      const show = (names: string[]) => (names.length ? names.join(', ') : none);
      changes.push({ label: t('admin.agents.districts'), from: show(agent.districts), to: show(list) });
    }
    if (limit !== agent.cashLimit) {
      settings.cashLimit = limit;
      changes.push({ label: t('admin.agents.cashLimit'), from: formatUgx(agent.cashLimit), to: formatUgx(limit) });
    }
    if (active !== agent.isActive) {
      settings.isActive = active;
      changes.push({ label: t('admin.agents.standing'), from: yesNo(agent.isActive), to: yesNo(active) });
    }
    setUnchanged(changes.length === 0);
    if (changes.length) {
      save.reset();
      setPending({ settings, changes });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={save.isPending}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${id}-rate`}
          label={t('admin.agents.rateLabel')}
          hint={t('admin.agents.rateHint')}
          error={errors.rate}
          value={rate}
          onChange={(event) => setRate(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          maxLength={6}
        />
        <TextField
          id={`${id}-cashLimit`}
          label={t('admin.agents.cashLimitLabel')}
          hint={t('admin.agents.cashLimitHint')}
          error={errors.cashLimit}
          value={cashLimit}
          onChange={(event) => setCashLimit(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <TextField
        id={`${id}-districts`}
        label={t('admin.agents.districtsLabel')}
        hint={t('admin.agents.districtsHint')}
        value={districts}
        onChange={(event) => setDistricts(event.target.value)}
        autoComplete="off"
      />
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          checked={active}
          onChange={(event) => setActive(event.target.checked)}
          className="size-5 accent-brand-800"
        />
        <span>{t('admin.agents.activeLabel')}</span>
      </label>
      {unchanged && <FormAlert>{t('admin.agents.nothingChanged')}</FormAlert>}
      <Button type="submit" className="w-full sm:w-auto">
        {t('admin.agents.saveSettings')}
      </Button>
      {pending && (
        <ConfirmDialog
          title={t('admin.agents.confirmTitle', { name: agent.name })}
          confirmLabel={t('admin.agents.confirmSave')}
          busy={save.isPending}
          error={save.isError ? errorText(save.error) : null}
          onConfirm={() => save.mutate(pending.settings)}
          onClose={() => setPending(null)}
        >
          <ul className="space-y-2">
            {pending.changes.map((change) => (
              <li key={change.label}>
                <span className="font-semibold">{change.label}</span>:{' '}
                {t('admin.agents.change', { from: change.from, to: change.to })}
              </li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
    </form>
  );
}
