import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { KycStatusBadge } from '@/components/ui/kyc-status.tsx';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { LoadingOverlay } from '@/components/ui/loading-overlay.tsx';
import { apiFetch, ApiError } from '@/lib/api-client.ts';
import { useFormats } from '@/lib/formats.ts';
import { languageSaved, profileKey } from './account-language.ts';
import { refreshSession, useSession } from './api.ts';
import { listSessions, revokeAllSessions, revokeOtherSessions, revokeSession } from './auth-api.ts';
import { Field } from './components/field.tsx';
import { ChangePasswordForm } from './components/change-password.tsx';
import { MessageChoices, type MessageProfile } from './components/message-choices.tsx';
import { PaybillCard } from './components/paybill-card.tsx';
import { PhoneSettings } from './components/phone-settings.tsx';
import { TwoFactorSettings, type SecurityProfile } from './components/two-factor-settings.tsx';

type Profile = SecurityProfile &
  MessageProfile & {
    fullName: string;
    district: string | null;
    subCounty: string | null;
    village: string | null;
    preferredLanguage: 'english' | 'luganda' | 'swahili';
    userType: 'customer' | 'agent' | 'admin';
    kycStatus: 'pending' | 'submitted' | 'verified' | 'rejected';
    kycCompletionPercentage: number;
    accountNumber: string;
  };

const profileQuery = { queryKey: profileKey, queryFn: () => apiFetch<Profile>('/api/me') };
const sessionsQuery = { queryKey: ['sessions'], queryFn: listSessions, staleTime: 0 };

/** A short, readable device name from a user-agent string. */
function deviceName(userAgent: string | null, fallback: string): string {
  if (!userAgent) return fallback;
  const android = /Android [\d.]+; ([^;)]+)/.exec(userAgent)?.[1];
  if (android) return `Android · ${android.trim()}`;
  if (/iPhone|iPad/.test(userAgent)) return 'iPhone / iPad';
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Mac OS X/.test(userAgent)) return 'Mac';
  if (/Linux/.test(userAgent)) return 'Linux';
  return fallback;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (changes: Partial<Profile>) =>
      apiFetch<Profile>('/api/me', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(changes),
      }),
    // The language is the account's and the screen's: saving one switches the app at once.
    onSuccess: (updated) => languageSaved(queryClient, updated),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    save.mutate({
      fullName: text('fullName'),
      district: text('district'),
      subCounty: text('subCounty'),
      village: text('village'),
      preferredLanguage: form.get('preferredLanguage') as Profile['preferredLanguage'],
    });
  };
  const failure =
    save.error instanceof ApiError && save.error.status === 400 ? save.error.message : t('auth.profileFailed');
  return (
    <form onSubmit={submit} className="space-y-3" aria-busy={save.isPending}>
      <p className="text-sm text-stone-700">{profile.email ?? profile.phoneNumber}</p>
      <Field
        id="fullName"
        name="fullName"
        label={t('auth.fullName')}
        defaultValue={profile.fullName}
        autoComplete="name"
      />
      <Field id="district" name="district" label={t('auth.district')} defaultValue={profile.district ?? ''} />
      <Field id="subCounty" name="subCounty" label={t('auth.subCounty')} defaultValue={profile.subCounty ?? ''} />
      <Field id="village" name="village" label={t('auth.village')} defaultValue={profile.village ?? ''} />
      <label className="block space-y-1">
        <span className="block text-sm font-medium">{t('auth.language')}</span>
        <select
          name="preferredLanguage"
          key={profile.preferredLanguage}
          defaultValue={profile.preferredLanguage}
          className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-base"
        >
          <option value="english">English</option>
          <option value="luganda">Luganda</option>
          <option value="swahili">Kiswahili</option>
        </select>
      </label>
      {save.isError && <FormAlert>{failure}</FormAlert>}
      {save.isSuccess && <p role="status">{t('auth.saved')}</p>}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('auth.working') : t('auth.saveProfile')}
      </Button>
    </form>
  );
}

function Sessions({ currentId }: { currentId: string | undefined }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery(sessionsQuery);
  const refetch = () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
  const end = useMutation({ mutationFn: revokeSession, onSuccess: refetch });
  const others = useMutation({ mutationFn: revokeOtherSessions, onSuccess: refetch });
  const all = useMutation({
    mutationFn: revokeAllSessions,
    onSuccess: async () => {
      await refreshSession(queryClient);
      await navigate('/auth');
    },
  });
  if (sessions.isPending) return <p role="status">{t('auth.loadingSessions')}</p>;
  if (sessions.isError) return <FormAlert>{t('catalog.loadFailed')}</FormAlert>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
        {sessions.data.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div>
              <p className="font-medium">
                {deviceName(s.userAgent, t('auth.unknownDevice'))}
                {s.id === currentId && <span className="ml-2 text-sm text-brand-800">({t('auth.thisDevice')})</span>}
              </p>
              <p className="text-sm text-stone-600">{t('auth.signedInOn', { date: formats.dateTime(s.createdAt) })}</p>
            </div>
            {s.id !== currentId && (
              <Button variant="secondary" disabled={end.isPending} onClick={() => end.mutate(s.token)}>
                {t('auth.endSession')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" disabled={others.isPending} onClick={() => others.mutate()}>
          {t('auth.signOutOthers')}
        </Button>
        <Button variant="secondary" disabled={all.isPending} onClick={() => all.mutate()}>
          {t('auth.signOutAll')}
        </Button>
      </div>
    </div>
  );
}

/** Where the identity check stands, with the way to it (strings: en.kyc.json, loaded with this page). */
function IdentityCheckCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const status = profile.kycStatus;
  const action =
    status === 'pending' && profile.kycCompletionPercentage === 0
      ? 'kyc.card.start'
      : status === 'pending' || status === 'rejected'
        ? 'kyc.card.continue'
        : 'kyc.card.view';
  return (
    <section aria-labelledby="kyc-card-title" className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="kyc-card-title" className="text-lg font-semibold">
          {t('kyc.card.heading')}
        </h2>
        <KycStatusBadge status={status} />
      </div>
      <p className="text-sm text-stone-700">{t('kyc.completion', { percent: profile.kycCompletionPercentage })}</p>
      <Link to="/kyc" className={buttonClass(status === 'verified' ? 'secondary' : 'primary')}>
        {t(action)}
      </Link>
    </section>
  );
}

/** /my-account: profile, language, how updates reach you, the devices signed in, password and security. */
export default function MyAccountPage() {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery);
  const session = useSession();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
  if (profile.isPending) return <LoadingOverlay type="customer" />;
  if (profile.isError) return <FormAlert>{profile.error.message}</FormAlert>;
  return (
    <section className="mx-auto max-w-xl space-y-6 p-4" aria-labelledby="account-title">
      <h1 id="account-title" className="text-2xl font-bold">
        {t('auth.accountTitle')}
      </h1>
      {profile.data.userType === 'customer' && <IdentityCheckCard profile={profile.data} />}
      {profile.data.userType === 'customer' && <PaybillCard accountNumber={profile.data.accountNumber} />}
      <section aria-labelledby="profile-title" className="space-y-3">
        <h2 id="profile-title" className="text-lg font-semibold">
          {t('auth.profileSection')}
        </h2>
        <ProfileForm profile={profile.data} />
      </section>
      <section aria-labelledby="messages-title" className="space-y-3">
        <h2 id="messages-title" className="text-lg font-semibold">
          {t('auth.messages.title')}
        </h2>
        <MessageChoices profile={profile.data} queryKey={profileQuery.queryKey} />
      </section>
      <section aria-labelledby="sessions-title" className="space-y-3">
        <h2 id="sessions-title" className="text-lg font-semibold">
          {t('auth.sessionsSection')}
        </h2>
        <Sessions currentId={session.data?.sessionId ?? undefined} />
      </section>
      <section aria-labelledby="password-title" className="space-y-3">
        <h2 id="password-title" className="text-lg font-semibold">
          {t('auth.passwordSection')}
        </h2>
        <ChangePasswordForm
          onChanged={() => void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey })}
        />
      </section>
      <section aria-labelledby="phone-title" className="space-y-3">
        <h2 id="phone-title" className="text-lg font-semibold">
          {t('auth.phoneSection')}
        </h2>
        <PhoneSettings phoneNumber={profile.data.phoneVerified ? profile.data.phoneNumber : null} onChanged={reload} />
      </section>
      <section aria-labelledby="security-title" className="space-y-3">
        <h2 id="security-title" className="text-lg font-semibold">
          {t('auth.securitySection')}
        </h2>
        <TwoFactorSettings profile={profile.data} onChanged={reload} />
      </section>
    </section>
  );
}
