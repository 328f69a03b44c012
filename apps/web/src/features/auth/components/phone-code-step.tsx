import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { TestModeCode } from '@/components/ui/test-mode-code.tsx';
import { AuthError, sendPhoneCode, verifyPhone } from '../auth-api.ts';
import { CodeForm } from './code-form.tsx';

/**
 * Confirms a phone number with the code texted to it. `onConfirmed` learns whether the user
 * is now signed in (a new account is; one with two-step sign-in on signs in with it).
 */
export function PhoneCodeStep({
  phoneNumber,
  testModeCode,
  onConfirmed,
}: {
  phoneNumber: string;
  /** Test mode only: the code the server texted. */
  testModeCode?: string | undefined;
  onConfirmed: (signedIn: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(testModeCode);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const describe = (cause: unknown) => {
    if (cause instanceof AuthError && cause.code === 'INVALID_OTP') return t('auth.wrongCode');
    if (cause instanceof AuthError && (cause.code === 'OTP_EXPIRED' || cause.code === 'OTP_NOT_FOUND'))
      return t('auth.codeExpired');
    if (cause instanceof AuthError && cause.message) return cause.message;
    return t('auth.signUpUnexpected');
  };
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">{t('auth.confirmPhoneTitle')}</h2>
      <p>{t('auth.confirmPhoneBody', { phone: phoneNumber })}</p>
      <TestModeCode code={shown} />
      <CodeForm
        id="phone-code"
        label={t('auth.codeLabel.sms')}
        submitLabel={t('auth.verifyCode')}
        describe={describe}
        onSubmit={async (code) => {
          const result = await verifyPhone(phoneNumber, code);
          await onConfirmed(Boolean(result.token) && !result.signInRequired);
        }}
      >
        <Button
          variant="ghost"
          className="w-full"
          disabled={resending}
          onClick={() => {
            setResending(true);
            void sendPhoneCode(phoneNumber)
              .then((sent) => {
                setResent(true);
                if (sent.testModeCode) setShown(sent.testModeCode);
              })
              .finally(() => setResending(false));
          }}
        >
          {t('auth.resendCode')}
        </Button>
        {resent && <p role="status">{t('auth.codeResent')}</p>}
      </CodeForm>
    </div>
  );
}
