import { ugandanMobile } from '@ecogrid/core/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TestModeCode } from '@/components/ui/test-mode-code.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { useFormats } from '@/lib/formats.ts';
import { localPhone } from '@/lib/phone.ts';
import {
  agentCustomersQuery,
  confirmConsent,
  requestConsent,
  type AgentCustomer,
  type ConsentRequested,
} from './api.ts';
import { KycLine } from './components/kyc-line.tsx';
import { customerPath } from './field-api.ts';
import { isForbidden, NotAgent } from './page-states.tsx';

const PHONE_ID = 'consent-phone';
const CODE_ID = 'consent-code';

const kycPath = (customerId: string) => `/agent/customers/${encodeURIComponent(customerId)}/kyc`;
const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** A busy button's spinner; the button's words already say what is happening. */
function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
    />
  );
}

/** The server's words, except for an account that is not an approved agent: that is said plainly. */
function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) =>
    isForbidden(error) ? t('agent.notAgent.body') : error instanceof Error ? error.message : t('agent.failed');
}

type Sent = ConsentRequested & { phoneNumber: string };

/**
 * Step one, the customer's phone number: EcoGrid texts them a code. Step two, the code they
 * read back: the agent may then act for them for 24 hours, and goes on to their identity check.
 */
function ConsentForm({ initialPhone }: { initialPhone: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dateTime = useFormats().dateTime;
  const errorText = useErrorText();
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [sent, setSent] = useState<Sent | null>(null);

  // A wrong code counts against the customer's five tries, and a second send is a second SMS:
  // neither is repeated behind the agent's back.
  const send = useMutation({
    mutationFn: requestConsent,
    retry: false,
    onSuccess: (answer, phoneNumber) => {
      setSent({ ...answer, phoneNumber });
      setCode('');
      focusLater(CODE_ID);
    },
  });
  const confirm = useMutation({
    mutationFn: confirmConsent,
    retry: false,
    onSuccess: (done) => {
      void showToast(t('agent.consent.confirmed', { name: done.fullName }), {
        kind: 'success',
        description: t('agent.consent.confirmedUntil', { time: dateTime(done.consentExpiresAt) }),
      });
      void queryClient.invalidateQueries({ queryKey: agentCustomersQuery.queryKey });
      void navigate(kycPath(done.customerId));
    },
    onError: () => focusLater(CODE_ID),
  });
  const failure = send.error ?? confirm.error;

  const sendCode = (phoneNumber: string) => {
    confirm.reset();
    send.mutate(phoneNumber);
  };

  const submitPhone = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = phone.trim();
    if (!ugandanMobile(typed)) {
      setErrors({ phone: t('agent.consent.phoneInvalid') });
      document.getElementById(PHONE_ID)?.focus();
      return;
    }
    setErrors({});
    sendCode(typed);
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sent) return;
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setErrors({ code: t('agent.consent.codeInvalid') });
      document.getElementById(CODE_ID)?.focus();
      return;
    }
    setErrors({});
    send.reset();
    confirm.mutate({ phoneNumber: sent.phoneNumber, code: digits });
  };

  const changeNumber = () => {
    send.reset();
    confirm.reset();
    setSent(null);
    setCode('');
    setErrors({});
    focusLater(PHONE_ID);
  };

  return (
    <div className="space-y-4">
      <p className="text-stone-700">{t('agent.consent.explain')}</p>
      <p role="status" aria-live="polite" className={sent ? 'rounded-lg border border-sky-200 bg-sky-50 p-3' : ''}>
        {sent &&
          t('agent.consent.sent', {
            phone: localPhone(ugandanMobile(sent.phoneNumber)) || sent.phoneNumber,
            count: sent.expiresInMinutes,
          })}
      </p>
      <TestModeCode code={sent?.testModeCode} />
      {!sent ? (
        <form onSubmit={submitPhone} noValidate className="space-y-4" aria-busy={send.isPending}>
          <TextField
            id={PHONE_ID}
            name="phoneNumber"
            type="tel"
            label={t('agent.consent.phone')}
            hint={t('agent.consent.phoneHint')}
            error={errors.phone}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            // The agent's own number is not the one wanted here.
            autoComplete="off"
            maxLength={30}
            disabled={send.isPending}
          />
          {failure && <FormAlert>{errorText(failure)}</FormAlert>}
          <Button type="submit" className="w-full sm:w-auto" disabled={send.isPending} aria-busy={send.isPending}>
            {send.isPending && <Spinner />}
            {send.isPending ? t('agent.consent.sending') : t('agent.consent.send')}
          </Button>
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate className="space-y-4" aria-busy={confirm.isPending || send.isPending}>
          <TextField
            id={CODE_ID}
            name="code"
            label={t('agent.consent.code')}
            hint={t('agent.consent.codeHint')}
            error={errors.code}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            className="tracking-widest tabular-nums"
            disabled={confirm.isPending}
          />
          {failure && <FormAlert>{errorText(failure)}</FormAlert>}
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button
              type="submit"
              className="w-full sm:w-auto"
              disabled={confirm.isPending || send.isPending}
              aria-busy={confirm.isPending}
            >
              {confirm.isPending && <Spinner />}
              {confirm.isPending ? t('agent.consent.confirming') : t('agent.consent.confirm')}
            </Button>
            <Button
              variant="secondary"
              className="w-full sm:w-auto"
              disabled={confirm.isPending || send.isPending}
              aria-busy={send.isPending}
              onClick={() => sendCode(sent.phoneNumber)}
            >
              {send.isPending && <Spinner />}
              {send.isPending ? t('agent.consent.resending') : t('agent.consent.resend')}
            </Button>
            <Button
              variant="ghost"
              className="w-full sm:w-auto"
              disabled={confirm.isPending || send.isPending}
              onClick={changeNumber}
            >
              {t('agent.consent.changeNumber')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function CustomerItem({ customer, onNewCode }: { customer: AgentCustomer; onNewCode: (phone: string) => void }) {
  const { t } = useTranslation();
  const dateTime = useFormats().dateTime;
  const nameId = `customer-${customer.customerId}`;
  const phone = localPhone(customer.phone);
  return (
    <li className="space-y-2 p-4">
      <h3 id={nameId} className="text-base font-semibold">
        <Link to={customerPath(customer.customerId)} className="text-brand-800 underline">
          {customer.name || t('agent.list.noName')}
        </Link>
      </h3>
      <p className="text-stone-700">{phone || t('agent.list.noPhone')}</p>
      <KycLine status={customer.kycStatus} />
      {customer.consentActive ? (
        <>
          <p className="text-sm text-stone-700">
            {t('agent.list.consentUntil')}{' '}
            <time dateTime={customer.consentExpiresAt}>{dateTime(customer.consentExpiresAt)}</time>
          </p>
          <Link
            to={kycPath(customer.customerId)}
            className={buttonClass('primary', 'w-full sm:w-auto')}
            aria-describedby={nameId}
          >
            {t('agent.list.continue')}
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm font-medium text-amber-900">{t('agent.list.consentExpired')}</p>
          {phone && (
            <Button
              variant="secondary"
              className="w-full sm:w-auto"
              aria-describedby={nameId}
              onClick={() => onNewCode(phone)}
            >
              {t('agent.list.newCode')}
            </Button>
          )}
        </>
      )}
    </li>
  );
}

/**
 * /agent/customers: an agent gets a customer's consent with a code texted to the customer, then
 * completes the customer's identity check for them; below, the customers they have served (their
 * loans and orders are the Loans and Orders tabs).
 */
export default function AgentCustomersPage() {
  const { t } = useTranslation();
  const list = useQuery(agentCustomersQuery);
  const errorText = useErrorText();
  // A customer whose consent ran out: their number goes into a fresh form, focused (and so scrolled to).
  const [prefill, setPrefill] = useState({ phone: '', round: 0 });

  const newCodeFor = (phone: string) => {
    setPrefill((old) => ({ phone, round: old.round + 1 }));
    focusLater(PHONE_ID);
  };

  return (
    <section className="mx-auto max-w-xl space-y-6 p-4" aria-labelledby="agent-customers-title">
      <h1 id="agent-customers-title" className="text-2xl font-bold">
        {t('agent.customers.title')}
      </h1>
      {isForbidden(list.error) ? (
        <NotAgent />
      ) : (
        <>
          <section
            aria-labelledby="consent-title"
            className="space-y-3 rounded-xl border border-stone-200 bg-white p-4"
          >
            <h2 id="consent-title" className="text-lg font-semibold">
              {t('agent.consent.title')}
            </h2>
            <ConsentForm key={prefill.round} initialPhone={prefill.phone} />
          </section>
          <section aria-labelledby="served-title" className="space-y-3" aria-busy={list.isFetching}>
            <h2 id="served-title" className="text-lg font-semibold">
              {t('agent.list.title')}
            </h2>
            {list.isPending ? (
              <SkeletonList label={t('agent.list.loading')} count={3} />
            ) : list.isError ? (
              <div className="space-y-2">
                <FormAlert>{errorText(list.error)}</FormAlert>
                <Button variant="secondary" onClick={() => void list.refetch()}>
                  {t('agent.list.retry')}
                </Button>
              </div>
            ) : (
              <>
                <p role="status" className="text-sm text-stone-700">
                  {list.data.items.length === 0
                    ? t('agent.list.empty')
                    : t('agent.list.count', { count: list.data.items.length })}
                </p>
                {list.data.items.length > 0 && (
                  <ul
                    aria-labelledby="served-title"
                    className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
                  >
                    {list.data.items.map((customer) => (
                      <CustomerItem key={customer.customerId} customer={customer} onNewCode={newCodeFor} />
                    ))}
                  </ul>
                )}
              </>
            )}
          </section>
        </>
      )}
    </section>
  );
}
