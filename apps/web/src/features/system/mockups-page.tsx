import { LOAN_STATUSES } from '@ecogrid/core/credit';
import { KYC_STATUSES } from '@ecogrid/core/kyc';
import { ORDER_STATUSES } from '@ecogrid/core/orders';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { choiceClass } from '@/components/ui/choice.ts';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { KycStatusBadge } from '@/components/ui/kyc-status.tsx';
import { LoanStatusBadge } from '@/components/ui/loan-status.tsx';
import { OrderStatusBadge } from '@/components/ui/order-status.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { UploadProgressNote } from '@/components/ui/upload-progress.tsx';
import { i18n, LANGUAGES, loadLanguage, type LanguageCode } from '@/lib/i18n.ts';
import { formatUgx } from '@/lib/money.ts';

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <div className="flex flex-wrap items-start gap-2">{children}</div>
    </section>
  );
}

/** Every shared component in its states, in the language of the provider around it. */
function Specimens({ code }: { code: LanguageCode }) {
  const { t } = useTranslation();
  const id = (part: string) => `mockups-${code}-${part}`;
  return (
    <div className="space-y-4">
      <Group id={id('buttons')} title={t('admin.mockups.buttons')}>
        <Button>{t('checkout.place', { total: formatUgx(175_000) })}</Button>
        <Button variant="secondary">{t('admin.retry')}</Button>
        <Button variant="ghost">{t('admin.cancel')}</Button>
        <Button disabled>{t('admin.mockups.disabled')}</Button>
        <Button disabled aria-busy>
          {t('admin.working')}
        </Button>
      </Group>
      <Group id={id('fields')} title={t('admin.mockups.fields')}>
        <div className="w-full space-y-3">
          <TextField
            id={id('phone')}
            label={t('checkout.pay.phone')}
            hint={t('wallet.form.phoneHint')}
            defaultValue="0772 123456"
          />
          <TextField
            id={id('amount')}
            label={t('admin.mockups.amount')}
            error={t('admin.mockups.amountError')}
            defaultValue="-5"
          />
          <SelectField
            id={id('select')}
            label={t('admin.systemLog.sourceLabel')}
            placeholder={t('admin.mockups.choose')}
            options={[{ value: 'a', label: t('admin.systemLog.sources.admin') }]}
            defaultValue=""
          />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t('checkout.pay.legend')}</legend>
            <label className={choiceClass(true, 'card')}>
              <input type="radio" name={id('pay')} defaultChecked className="mt-1 h-5 w-5 accent-brand-800" />
              <span>{t('checkout.pay.wallet')}</span>
            </label>
            <label className={choiceClass(false, 'card')}>
              <input type="radio" name={id('pay')} className="mt-1 h-5 w-5 accent-brand-800" />
              <span>{t('checkout.pay.mobileMoney')}</span>
            </label>
          </fieldset>
        </div>
      </Group>
      <Group id={id('orders')} title={t('admin.mockups.orderStatuses')}>
        {ORDER_STATUSES.map((status) => (
          <OrderStatusBadge key={status} status={status} />
        ))}
      </Group>
      <Group id={id('loans')} title={t('admin.mockups.loanStatuses')}>
        {LOAN_STATUSES.map((status) => (
          <LoanStatusBadge key={status} status={status} />
        ))}
      </Group>
      <Group id={id('kyc')} title={t('admin.mockups.kycStatuses')}>
        {KYC_STATUSES.map((status) => (
          <KycStatusBadge key={status} status={status} />
        ))}
      </Group>
      <Group id={id('tones')} title={t('admin.mockups.badges')}>
        <Badge tone="good">{t('admin.log.succeeded')}</Badge>
        <Badge tone="bad">{t('admin.log.failed')}</Badge>
        <Badge tone="info">{t('admin.systemLog.admin')}</Badge>
        <Badge>{formatUgx(150_000)}</Badge>
      </Group>
      <Group id={id('messages')} title={t('admin.mockups.messages')}>
        <div className="w-full space-y-2">
          <FormAlert>{t('errors.network')}</FormAlert>
          <RetryAlert message={t('admin.loadFailed')} retryLabel={t('admin.retry')} onRetry={() => undefined} />
          <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3">
            {t('orders.placed')}
          </p>
        </div>
      </Group>
      <Group id={id('progress')} title={t('admin.mockups.progress')}>
        <div className="w-full space-y-2">
          <SkeletonList label={t('admin.systemLog.loading')} count={2} />
          <UploadProgressNote
            progress={{ stage: 'uploading', fraction: 0.4 }}
            words={{
              shrinking: t('admin.mockups.shrinking'),
              uploading: (percent) => t('admin.mockups.uploading', { percent }),
              bar: t('admin.mockups.uploadBar'),
            }}
          />
          <p className="text-stone-700">{t('admin.systemLog.empty')}</p>
        </div>
      </Group>
    </div>
  );
}

/** One language's column: its own copy of i18n, set to that language, around the specimens. */
function LanguageColumn({ code, label }: { code: LanguageCode; label: string }) {
  const instance = useMemo(() => i18n.cloneInstance({ lng: code }), [code]);
  const id = `mockups-${code}-title`;
  return (
    <section
      aria-labelledby={id}
      lang={code}
      className="min-w-0 space-y-3 rounded-xl border border-stone-200 bg-stone-50 p-4"
    >
      <h2 id={id} className="text-xl font-bold">
        {label}
      </h2>
      <I18nextProvider i18n={instance}>
        <Specimens code={code} />
      </I18nextProvider>
    </section>
  );
}

/**
 * /mockups (admins): the shared components in their states (buttons at rest, disabled and busy;
 * fields with a hint and with a refusal; choices; every order, loan and identity-check status;
 * alerts; loading and upload progress; an empty list), side by side in English, Luganda and
 * Kiswahili: the design reference, and a quick look at any text too long for a phone.
 */
export default function MockupsPage() {
  const { t } = useTranslation();
  const languages = useQuery({
    queryKey: ['mockups', 'languages'],
    queryFn: async () => {
      await Promise.all(LANGUAGES.map((language) => loadLanguage(language.code)));
      return true;
    },
    staleTime: Infinity,
  });
  return (
    <section className="mx-auto max-w-7xl space-y-4 p-4" aria-labelledby="mockups-title">
      <AdminPageHeader titleId="mockups-title" title={t('admin.mockups.title')}>
        <p>{t('admin.mockups.intro')}</p>
      </AdminPageHeader>
      {languages.isPending ? (
        <SkeletonList label={t('admin.mockups.loading')} count={3} />
      ) : languages.isError ? (
        <RetryAlert
          message={t('admin.loadFailed')}
          retryLabel={t('admin.retry')}
          onRetry={() => void languages.refetch()}
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          {LANGUAGES.map((language) => (
            <LanguageColumn key={language.code} code={language.code} label={language.label} />
          ))}
        </div>
      )}
    </section>
  );
}
