import { OPENPAYGO_TOKEN_TYPES, type OpenPaygoTokenType } from '@ecogrid/core/openpaygo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import {
  devicesKey,
  deviceTokensKey,
  issueDeviceToken,
  type Device,
  type IssuedToken,
  type TokenRequest,
} from './devices-api.ts';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';

/** The reason's bounds and the days a token can carry, as the server checks them. */
const REASON = { min: 5, max: 300 } as const;
const MAX_DAYS = 995;
const takesDays = (type: OpenPaygoTokenType) => type === 'ADD_TIME' || type === 'SET_TIME';

/**
 * Support's way to issue a token by hand (a counter sync, goodwill days after an outage), with a
 * reason for the audit log. A retry after a dropped connection reuses its key, so it gets the
 * same token and the device's count moves once.
 */
export function IssueTokenForm({ device }: { device: Device }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const attempt = useAttemptKey();
  const id = `device-${device.id}`;
  const [type, setType] = useState<OpenPaygoTokenType>('ADD_TIME');
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ days?: string; reason?: string }>({});
  const [issued, setIssued] = useState<IssuedToken | null>(null);
  const issue = useMutation({
    mutationFn: (request: TokenRequest) => issueDeviceToken(device.id, request, attempt.keyFor(request)),
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: async (token) => {
      attempt.settled();
      setIssued(token);
      setDays('');
      setReason('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceTokensKey(device.id) }),
        queryClient.invalidateQueries({ queryKey: devicesKey }),
      ]);
    },
    onError: (error) => attempt.settled(error),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIssued(null);
    const wanted = Number(days);
    const found = {
      days:
        takesDays(type) && (!/^\d{1,3}$/.test(days.trim()) || wanted > MAX_DAYS)
          ? t('adminLoans.devices.daysError')
          : undefined,
      reason: reason.trim().length < REASON.min ? t('adminLoans.devices.reasonError') : undefined,
    };
    setProblems(found);
    if (found.days || found.reason) {
      document.getElementById(found.days ? `${id}-days` : `${id}-reason`)?.focus();
      return;
    }
    issue.mutate({ type, days: takesDays(type) ? wanted : undefined, reason: reason.trim() });
  };

  if (device.status === 'unlocked') {
    return <p className="text-stone-700">{t('adminLoans.devices.unlockedNote')}</p>;
  }
  const busy = issue.isPending;
  const reasonHint = `${id}-reason-hint`;
  const reasonError = problems.reason ? `${id}-reason-error` : undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby={`${id}-issue-title`}>
      <h4 id={`${id}-issue-title`} className="font-semibold">
        {t('adminLoans.devices.issueTitle')}
      </h4>
      <SelectField
        id={`${id}-type`}
        label={t('adminLoans.devices.typeLabel')}
        value={type}
        onChange={(event) => setType(event.target.value as OpenPaygoTokenType)}
        options={OPENPAYGO_TOKEN_TYPES.map((value) => ({ value, label: t(`adminLoans.tokens.type.${value}`) }))}
      />
      {takesDays(type) && (
        <TextField
          id={`${id}-days`}
          label={t('adminLoans.devices.daysLabel')}
          hint={t('adminLoans.devices.daysHint')}
          error={problems.days}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
        />
      )}
      <div className="space-y-1">
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
          {t('adminLoans.devices.reasonLabel')}
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={2}
          maxLength={REASON.max}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={[reasonError, reasonHint].filter(Boolean).join(' ')}
          className={`w-full rounded-lg border bg-white p-3 text-base ${reasonError ? 'border-red-600' : 'border-stone-300'}`}
        />
        {reasonError && (
          <p id={reasonError} className="text-sm font-medium text-red-800">
            {problems.reason}
          </p>
        )}
        <p id={reasonHint} className="text-sm text-stone-600">
          {t('adminLoans.devices.reasonHint')}
        </p>
      </div>
      {issue.isError && <FormAlert>{errorText(issue.error)}</FormAlert>}
      <div role="status" className="empty:hidden">
        {issued && (
          <p className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-950">
            {t('adminLoans.devices.issued', { number: issued.count })}{' '}
            <span className="font-mono text-lg font-semibold tracking-wider break-all">{issued.token}</span>
          </p>
        )}
      </div>
      <Button type="submit" variant="secondary" disabled={busy} aria-busy={busy}>
        {busy ? t('adminLoans.devices.issuing') : t('adminLoans.devices.issue')}
      </Button>
    </form>
  );
}
