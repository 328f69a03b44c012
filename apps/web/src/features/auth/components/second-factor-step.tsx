import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TestModeCode } from '@/components/ui/test-mode-code.tsx';
import { AuthError, sendSmsCode, verifyBackupCode, verifySmsCode, verifyTotp } from '../auth-api.ts';
import { CodeForm } from './code-form.tsx';

type Method = 'totp' | 'sms' | 'backup';

/**
 * The second step of signing in when two-step sign-in is on: the code from the authenticator
 * app, a code by SMS, or a backup code. `onDone` runs once the session exists.
 */
export function SecondFactorStep({ methods, onDone }: { methods: ('totp' | 'otp')[]; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>(methods.includes('totp') ? 'totp' : 'sms');
  const [smsSent, setSmsSent] = useState(false);
  const [testModeCode, setTestModeCode] = useState<string | undefined>();
  const [smsError, setSmsError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const describe = (cause: unknown) => {
    if (cause instanceof AuthError && cause.code === 'INVALID_TWO_FACTOR_COOKIE') return t('auth.codeTimedOut');
    if (cause instanceof AuthError && cause.status === 401) return t('auth.wrongCode');
    if (cause instanceof AuthError && cause.message) return cause.message;
    return t('auth.signInUnexpected');
  };

  const textMe = async () => {
    setSending(true);
    setSmsError(null);
    try {
      setTestModeCode((await sendSmsCode()).testModeCode);
      setSmsSent(true);
    } catch (cause) {
      setSmsError(describe(cause));
    } finally {
      setSending(false);
    }
  };

  const verify = { totp: verifyTotp, sms: verifySmsCode, backup: verifyBackupCode }[method];
  const others = (['totp', 'sms', 'backup'] as const).filter(
    (m) => m !== method && (m !== 'totp' || methods.includes('totp')) && (m !== 'sms' || methods.includes('otp')),
  );

  return (
    <div className="space-y-4" aria-live="polite">
      <h2 className="text-lg font-semibold">{t('auth.secondStepTitle')}</h2>
      {method === 'sms' && !smsSent ? (
        <div className="space-y-3">
          <p>{t('auth.smsCodeIntro')}</p>
          {smsError && <FormAlert>{smsError}</FormAlert>}
          <Button className="w-full" disabled={sending} onClick={() => void textMe()}>
            {sending ? t('auth.working') : t('auth.textMeCode')}
          </Button>
        </div>
      ) : (
        <>
          {method === 'sms' && <TestModeCode code={testModeCode} />}
          <CodeForm
            key={method}
            id={`code-${method}`}
            label={t(`auth.codeLabel.${method}`)}
            hint={method === 'sms' ? t('auth.smsCodeSent') : undefined}
            numeric={method !== 'backup'}
            submitLabel={t('auth.verifyCode')}
            describe={describe}
            onSubmit={async (code) => {
              await verify(code);
              await onDone();
            }}
          />
        </>
      )}
      <div className="flex flex-col gap-1">
        {others.map((m) => (
          <Button key={m} variant="ghost" onClick={() => setMethod(m)}>
            {t(`auth.useMethod.${m}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
