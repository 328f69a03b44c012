import { NETWORK_NAMES, type WithdrawalRequest } from '@ecogrid/core/payments';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TestModeCode } from '@/components/ui/test-mode-code.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { formatUgx } from '@/lib/money.ts';
import { sendWithdrawalCode } from '../api.ts';
import { localPhone } from '../form.ts';

export type WithdrawalDetails = Omit<WithdrawalRequest, 'code'>;

type Props = {
  details: WithdrawalDetails;
  /** An authenticator app's code, or else one texted for this withdrawal. */
  method: 'authenticator' | 'sms';
  busy: boolean;
  /** Why the last try was refused (a wrong code, too little money), in the server's words. */
  error: string | null;
  codeError: string | undefined;
  onSubmit: (code: string) => void;
  onBack: () => void;
};

/** The second step of a withdrawal: what is about to happen, and the code that allows it. */
export function WithdrawalCheck({ details, method, busy, error, codeError, onSubmit, onBack }: Props) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [code, setCode] = useState('');
  const send = useMutation({
    mutationFn: sendWithdrawalCode,
    onSuccess: () => requestAnimationFrame(() => document.getElementById('withdraw-code')?.focus()),
  });
  const needsSms = method === 'sms' && !send.isSuccess;
  const amount = formatUgx(details.amount);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (error || codeError) document.getElementById('withdraw-code')?.focus();
  }, [error, codeError]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(code.replace(/\s/g, ''));
  };

  return (
    <div className="space-y-4">
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {t('wallet.withdraw.confirmTitle')}
      </h3>
      <p className="rounded-lg border border-stone-200 bg-white p-3">
        {t('wallet.withdraw.summary', {
          amount,
          phone: localPhone(details.phone),
          network: NETWORK_NAMES[details.network],
        })}
      </p>
      {needsSms ? (
        <div className="space-y-3">
          <p>{t('wallet.withdraw.smsIntro')}</p>
          {send.isError && <FormAlert>{send.error.message}</FormAlert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="secondary" onClick={onBack}>
              {t('wallet.withdraw.change')}
            </Button>
            <Button onClick={() => send.mutate()} disabled={send.isPending} aria-busy={send.isPending}>
              {send.isPending ? t('wallet.withdraw.sendingCode') : t('wallet.withdraw.sendCode')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-3" aria-busy={busy}>
          {send.data && (
            <p role="status">
              {t('wallet.withdraw.codeSent', {
                phone: send.data.sentTo,
                count: Math.max(1, Math.ceil(send.data.expiresInSeconds / 60)),
              })}
            </p>
          )}
          <TestModeCode code={send.data?.testModeCode} />
          <TextField
            id="withdraw-code"
            name="code"
            label={method === 'authenticator' ? t('wallet.withdraw.appCode') : t('wallet.withdraw.smsCode')}
            hint={method === 'authenticator' ? t('wallet.withdraw.appCodeHint') : undefined}
            error={codeError}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            disabled={busy}
          />
          {error && <FormAlert>{error}</FormAlert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="secondary" onClick={onBack} disabled={busy}>
              {t('wallet.withdraw.change')}
            </Button>
            {method === 'sms' && (
              <Button variant="ghost" onClick={() => send.mutate()} disabled={busy || send.isPending}>
                {send.isPending ? t('wallet.withdraw.sendingCode') : t('wallet.withdraw.resendCode')}
              </Button>
            )}
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? t('wallet.withdraw.sending') : t('wallet.withdraw.submit', { amount })}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
