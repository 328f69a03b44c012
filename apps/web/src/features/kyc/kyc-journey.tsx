import { canEditKyc, KYC_STEPS, type KycStep } from '@ecogrid/core/kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KycStatusBadge } from '@/components/ui/kyc-status.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { kycBase, kycQuery, submitKyc, type Kyc } from './api.ts';
import { AddressStep, DocumentStep, IdentityStep, PersonalStep } from './kyc-steps.tsx';

function StatusPanel({ kyc }: { kyc: Kyc }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="kyc-status-heading" className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="kyc-status-heading" className="text-lg font-semibold">
          {t('kyc.statusHeading')}
        </h2>
        {/* Read out when a decision arrives while the page is open. */}
        <span aria-live="polite" data-testid="kyc-status">
          <KycStatusBadge status={kyc.status} />
        </span>
      </div>
      <p className="text-stone-800">{t(`kyc.statusText.${kyc.status}`)}</p>
      {kyc.status === 'rejected' && kyc.rejectionReason && (
        <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">{t('kyc.rejectedReason')}</p>
          <p>{kyc.rejectionReason}</p>
        </div>
      )}
      <div className="space-y-1">
        <p id="kyc-progress-label" className="text-sm font-medium">
          {t('kyc.completion', { percent: kyc.completion })}
        </p>
        <progress className="h-2 w-full" max={100} value={kyc.completion} aria-labelledby="kyc-progress-label" />
      </div>
    </section>
  );
}

function StepBody({ step, base, kyc, onSaved }: { step: KycStep; base: string; kyc: Kyc; onSaved: () => void }) {
  const props = { base, kyc, onSaved };
  switch (step) {
    case 'personal':
      return <PersonalStep {...props} />;
    case 'address':
      return <AddressStep {...props} />;
    case 'identity':
      return <IdentityStep {...props} />;
    case 'idDocument':
      return <DocumentStep {...props} kind="id_document" />;
    case 'selfie':
      return <DocumentStep {...props} kind="selfie" />;
  }
}

/** What was given, once it can no longer change (submitted or verified). */
function Summary({ kyc }: { kyc: Kyc }) {
  const { t } = useTranslation();
  const rows: [string, string | undefined][] = [
    [t('kyc.personal.legalName'), kyc.personal?.legalName],
    [t('kyc.personal.dateOfBirth'), kyc.personal?.dateOfBirth],
    [
      t('kyc.steps.address'),
      kyc.address ? `${kyc.address.village}, ${kyc.address.subCounty}, ${kyc.address.district}` : undefined,
    ],
    [
      t('kyc.steps.identity'),
      kyc.identity ? `${t(`kyc.identity.${kyc.identity.idType}`)}: ${kyc.identity.idNumber}` : undefined,
    ],
    [t('kyc.documents'), t('kyc.documentCount', { count: kyc.documents.length })],
  ];
  return (
    <dl className="grid grid-cols-1 gap-2 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-stone-600">{label}</dt>
          <dd className="font-medium break-words">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The identity check, step by step: the customer's own, or (with `customerId`) a customer's, for
 * an agent they consented to. Steps may be done in any order; the first one not done is open.
 * Once all are done it can be submitted; while it is checked, or once verified, it is read-only.
 */
export function KycJourney({ customerId, onSubmitted }: { customerId?: string; onSubmitted?: () => void }) {
  const { t } = useTranslation();
  const base = kycBase(customerId);
  const queryClient = useQueryClient();
  const query = useQuery(kycQuery(base));
  const [open, setOpen] = useState<KycStep | null | undefined>(undefined);
  const submit = useMutation({
    mutationFn: () => submitKyc(base),
    onSuccess: (kyc) => {
      queryClient.setQueryData(kycQuery(base).queryKey, kyc);
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      onSubmitted?.();
    },
  });

  if (query.isPending) {
    return (
      <div role="status" aria-live="polite" className="space-y-3">
        <span className="sr-only">{t('kyc.loading')}</span>
        <div className="h-32 animate-pulse rounded-xl bg-stone-200" />
        <div className="h-12 animate-pulse rounded-xl bg-stone-200" />
        <div className="h-12 animate-pulse rounded-xl bg-stone-200" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-3">
        <FormAlert>{query.error instanceof ApiError ? query.error.message : t('kyc.loadFailed')}</FormAlert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('kyc.retry')}
        </Button>
      </div>
    );
  }
  const kyc = query.data;
  const editable = canEditKyc(kyc.status);
  const firstToDo = KYC_STEPS.find((step) => !kyc.steps[step]) ?? null;
  const current = open === undefined ? firstToDo : open;
  const next = () =>
    setOpen(KYC_STEPS.find((step) => !queryClient.getQueryData<Kyc>(kycQuery(base).queryKey)?.steps[step]) ?? null);

  return (
    <div className="space-y-4">
      <StatusPanel kyc={kyc} />
      {!editable && <Summary kyc={kyc} />}
      {editable && (
        <ol className="space-y-3">
          {KYC_STEPS.map((step, index) => {
            const expanded = current === step;
            const panelId = `kyc-step-${step}`;
            return (
              <li key={step} className="rounded-xl border border-stone-200 bg-white">
                <h3>
                  <button
                    type="button"
                    className="flex min-h-12 w-full items-center justify-between gap-2 rounded-xl px-4 py-2 text-left font-semibold"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : step)}
                  >
                    <span>
                      {index + 1}. {t(`kyc.steps.${step}`)}
                    </span>
                    <span className={kyc.steps[step] ? 'text-brand-800' : 'text-stone-500'}>
                      {kyc.steps[step] ? `✓ ${t('kyc.done')}` : t('kyc.toDo')}
                    </span>
                  </button>
                </h3>
                {expanded && (
                  <div id={panelId} className="border-t border-stone-200 p-4">
                    <StepBody step={step} base={base} kyc={kyc} onSaved={next} />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {editable && (
        <section aria-labelledby="kyc-submit-heading" className="space-y-2">
          <h2 id="kyc-submit-heading" className="sr-only">
            {t('kyc.submit')}
          </h2>
          {kyc.completion < 100 && <p className="text-sm text-stone-700">{t('kyc.submitWhenDone')}</p>}
          {submit.error && (
            <FormAlert>{submit.error instanceof ApiError ? submit.error.message : t('kyc.saveFailed')}</FormAlert>
          )}
          <Button
            className="w-full sm:w-auto"
            disabled={kyc.completion < 100 || submit.isPending}
            onClick={() => submit.mutate()}
          >
            {submit.isPending ? t('kyc.submitting') : t(kyc.status === 'rejected' ? 'kyc.resubmit' : 'kyc.submit')}
          </Button>
        </section>
      )}
    </div>
  );
}
