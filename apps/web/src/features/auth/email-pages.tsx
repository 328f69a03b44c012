import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { LoadingOverlay } from '@/components/ui/loading-overlay.tsx';
import { authGet, resendVerification } from './auth-api.ts';
import { refreshSession, safeRedirect } from './api.ts';

/** /email-confirmation: after sign-up, tells the user to check their mail, with a resend. */
export function EmailConfirmationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  return (
    <section className="mx-auto max-w-md space-y-4 p-4 md:py-10" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="text-2xl font-bold">
        {t('auth.checkEmailTitle')}
      </h1>
      {/* Opened without the address (a bookmark, a shared link): no "We sent a link to ." */}
      <p>{email ? t('auth.checkEmailBody', { email }) : t('auth.checkEmailNoAddress')}</p>
      {!email && (
        <Link to="/auth" className={buttonClass('secondary')}>
          {t('auth.toSignIn')}
        </Link>
      )}
      {email && (
        <Button
          variant="secondary"
          disabled={state === 'sending'}
          onClick={() => {
            setState('sending');
            resendVerification(email).then(
              () => setState('sent'),
              () => setState('failed'),
            );
          }}
        >
          {state === 'sending' ? t('auth.working') : t('auth.resend')}
        </Button>
      )}
      <p role="status">{state === 'sent' ? t('auth.resent') : state === 'failed' ? t('auth.signUpUnexpected') : ''}</p>
    </section>
  );
}

/** /email-verification?token=…: the link from the mail; confirms the address and signs the user in. */
export function EmailVerificationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: ['email-verification', token],
    queryFn: async () => {
      const response = await authGet(`/verify-email?token=${encodeURIComponent(token)}`);
      if (!response.ok) return 'failed' as const;
      // A first confirmation signs the user in; an address confirmed earlier signs nobody in.
      const session = await refreshSession(queryClient);
      return session ? ('verified' as const) : ('already' as const);
    },
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
  if (token && result.isPending) return <LoadingOverlay type="auth" />;
  const ok = result.data === 'verified';
  const message = ok
    ? t('auth.verifiedBody')
    : result.data === 'already'
      ? t('auth.alreadyVerified')
      : t('auth.verifyFailed');
  return (
    <section className="mx-auto max-w-md space-y-4 p-4 md:py-10" aria-labelledby="verify-title">
      <h1 id="verify-title" className="text-2xl font-bold">
        {ok ? t('auth.verifiedTitle') : t('pages.emailVerification')}
      </h1>
      <p role={ok ? 'status' : 'alert'}>{message}</p>
      <Link to={ok ? safeRedirect(params.get('redirect')) : '/auth'} className={buttonClass()}>
        {t('auth.continue')}
      </Link>
    </section>
  );
}
