import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TestModeCode } from '@/components/ui/test-mode-code.tsx';
import { refreshSession } from '../api.ts';
import {
  AuthError,
  disableTwoFactor,
  enableTotp,
  newBackupCodes,
  sendSmsCode,
  verifySmsCode,
  verifyTotp,
} from '../auth-api.ts';
import { CodeForm } from './code-form.tsx';
import { PasswordPrompt } from './password-prompt.tsx';
import { QrCode } from './qr-code.tsx';

export type SecurityProfile = {
  userType: 'customer' | 'agent' | 'admin';
  phoneNumber: string | null;
  phoneVerified: boolean;
  twoFactorEnabled: boolean;
  totpEnabled: boolean;
};

type Step =
  | { name: 'overview' }
  | { name: 'password'; purpose: 'enrol' | 'backup' | 'disable' }
  | { name: 'scan'; totpURI: string; backupCodes: string[] }
  | { name: 'sms'; testModeCode?: string | undefined }
  | { name: 'backupCodes'; codes: string[] };

/** The setup key an authenticator app takes when the QR code cannot be scanned, in groups of four. */
export const setupKey = (totpURI: string) =>
  (new URL(totpURI).searchParams.get('secret') ?? '').replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Two-step sign-in in /my-account: set up an authenticator app (QR code, then a code from
 * it, then the backup codes), or codes by SMS to the confirmed number; new backup codes;
 * turning it off. Password-protected steps ask for the password again.
 */
export function TwoFactorSettings({
  profile,
  onChanged,
}: {
  profile: SecurityProfile;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'overview' });
  const [smsError, setSmsError] = useState<string | null>(null);
  const overview = () => setStep({ name: 'overview' });
  const changed = async () => {
    // Switching the second factor on or off renews the session cookie.
    await refreshSession(queryClient);
    await onChanged();
  };
  const describeCode = (cause: unknown) =>
    cause instanceof AuthError && (cause.status === 401 || cause.code === 'INVALID_CODE')
      ? t('auth.wrongCode')
      : cause instanceof AuthError && cause.message
        ? cause.message
        : t('auth.signInUnexpected');

  if (step.name === 'password') {
    const actions = {
      enrol: async (password: string) => setStep({ name: 'scan', ...(await enableTotp(password)) }),
      backup: async (password: string) =>
        setStep({ name: 'backupCodes', codes: (await newBackupCodes(password)).backupCodes }),
      disable: async (password: string) => {
        await disableTwoFactor(password);
        await changed();
        overview();
      },
    };
    const labels = { enrol: t('auth.mfa.start'), backup: t('auth.mfa.newBackupCodes'), disable: t('auth.mfa.turnOff') };
    return (
      <PasswordPrompt
        id={`password-${step.purpose}`}
        submitLabel={labels[step.purpose]}
        onSubmit={actions[step.purpose]}
        onCancel={overview}
      />
    );
  }

  if (step.name === 'scan') {
    return (
      <div className="space-y-3">
        <h3 className="font-semibold">{t('auth.mfa.scanTitle')}</h3>
        <QrCode text={step.totpURI} label={t('auth.mfa.qrLabel')} />
        <p>{t('auth.mfa.scanBody')}</p>
        <p>
          <span className="sr-only">{t('auth.mfa.keyLabel')}: </span>
          <code data-testid="totp-key" className="block rounded-lg bg-stone-100 p-3 font-mono text-base break-all">
            {setupKey(step.totpURI)}
          </code>
        </p>
        <CodeForm
          id="totp-code"
          label={t('auth.mfa.enterCode')}
          submitLabel={t('auth.verifyCode')}
          describe={describeCode}
          onSubmit={async (code) => {
            await verifyTotp(code);
            await changed();
            setStep({ name: 'backupCodes', codes: step.backupCodes });
          }}
        >
          <Button variant="secondary" className="w-full" onClick={overview}>
            {t('auth.mfa.cancel')}
          </Button>
        </CodeForm>
      </div>
    );
  }

  if (step.name === 'backupCodes') {
    return (
      <div className="space-y-3">
        <h3 className="font-semibold">{t('auth.mfa.backupTitle')}</h3>
        <p>{t('auth.mfa.backupBody')}</p>
        <ul className="grid grid-cols-2 gap-2 font-mono text-base" data-testid="backup-codes">
          {step.codes.map((code) => (
            <li key={code} className="rounded bg-stone-100 p-2 text-center">
              {code}
            </li>
          ))}
        </ul>
        <Button onClick={overview}>{t('auth.mfa.backupDone')}</Button>
      </div>
    );
  }

  if (step.name === 'sms') {
    return (
      <div className="space-y-3">
        <p role="status">{t('auth.mfa.smsSentTo', { phone: profile.phoneNumber })}</p>
        <TestModeCode code={step.testModeCode} />
        <CodeForm
          id="sms-enrol-code"
          label={t('auth.codeLabel.sms')}
          submitLabel={t('auth.verifyCode')}
          describe={describeCode}
          onSubmit={async (code) => {
            await verifySmsCode(code);
            await changed();
            overview();
          }}
        >
          <Button variant="secondary" className="w-full" onClick={overview}>
            {t('auth.mfa.cancel')}
          </Button>
        </CodeForm>
      </div>
    );
  }

  const startSms = async () => {
    setSmsError(null);
    try {
      setStep({ name: 'sms', testModeCode: (await sendSmsCode()).testModeCode });
    } catch (cause) {
      setSmsError(describeCode(cause));
    }
  };

  return (
    <div className="space-y-3">
      <p>{t('auth.mfa.intro')}</p>
      <p role="status" className="font-medium">
        {profile.twoFactorEnabled ? t('auth.mfa.on') : t('auth.mfa.off')}
      </p>
      {profile.twoFactorEnabled && (
        <ul className="list-inside list-disc text-stone-700">
          {profile.totpEnabled && <li>{t('auth.mfa.totpOn')}</li>}
          {profile.phoneVerified && <li>{t('auth.mfa.smsOnly', { phone: profile.phoneNumber })}</li>}
        </ul>
      )}
      {profile.userType === 'admin' && !profile.totpEnabled && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('auth.mfa.adminRequired')}
        </p>
      )}
      {smsError && <FormAlert>{smsError}</FormAlert>}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {!profile.totpEnabled && (
          <Button onClick={() => setStep({ name: 'password', purpose: 'enrol' })}>{t('auth.mfa.setUpTotp')}</Button>
        )}
        {!profile.twoFactorEnabled &&
          (profile.phoneVerified ? (
            <Button variant="secondary" onClick={() => void startSms()}>
              {t('auth.mfa.useSms')}
            </Button>
          ) : (
            <p className="text-sm text-stone-600">{t('auth.mfa.smsNeedsPhone')}</p>
          ))}
        {profile.totpEnabled && (
          <Button variant="secondary" onClick={() => setStep({ name: 'password', purpose: 'backup' })}>
            {t('auth.mfa.newBackupCodes')}
          </Button>
        )}
        {profile.twoFactorEnabled && (
          <Button variant="secondary" onClick={() => setStep({ name: 'password', purpose: 'disable' })}>
            {t('auth.mfa.turnOff')}
          </Button>
        )}
      </div>
    </div>
  );
}
