import { kampalaDate } from '@ecogrid/core/credit';
import { ageOn } from '@ecogrid/core/kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { showToast } from '@/components/ui/toast.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { dateFormat } from '@/lib/date-format.ts';
import { DecisionPart } from '@/components/admin/decision-part.tsx';
import { Documents } from './kyc-documents.tsx';
import { KycHistory } from './kyc-history.tsx';
import { StatusBadge, KYC_STATUS_TONES } from '@/components/ui/badge.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { Part } from '@/components/ui/part.tsx';
import { useFormats } from '@/lib/formats.ts';
import {
  adminKycQuery,
  afterDecision,
  decideKyc,
  KYC_STEPS,
  kycDecisionSchema,
  refetchCheck,
  type AdminKyc,
  type KycDecision,
  type KycStatus,
} from './api.ts';

/** The reason's bounds, as kycDecisionSchema (and the server) checks them. */
const REASON = { min: 5, max: 500 } as const;

const card = 'rounded-lg border border-stone-200 bg-white p-4';

function KycStatusBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tones={KYC_STATUS_TONES} status={status}>
      {t(`kycReview.status.${status}`)}
    </StatusBadge>
  );
}

/** A date of birth (yyyy-mm-dd) as people write it, without a time zone moving it a day. */
function useDateOfBirth() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const format = dateFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  return (iso: string) => format.format(new Date(`${iso}T00:00:00Z`));
}

/** Today in Kampala, yyyy-mm-dd, for the customer's age. */
const todayInKampala = () => kampalaDate(new Date());

/** The status now, when it was sent and decided, and why it was rejected; focused after a decision. */
function StatusCard({ kyc, focusRef }: { kyc: AdminKyc; focusRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <div ref={focusRef} tabIndex={-1} className={`space-y-3 ${card}`}>
      <p>
        <KycStatusBadge status={kyc.status} />
      </p>
      <p className="text-sm text-stone-700">{t(`kycReview.statusHint.${kyc.status}`)}</p>
      <dl className="space-y-1 text-sm">
        <Fact term={t('kycReview.submitted')}>
          {kyc.submittedAt ? (
            <time dateTime={kyc.submittedAt}>{formats.stamp(kyc.submittedAt)}</time>
          ) : (
            t('kycReview.notSubmitted')
          )}
        </Fact>
        {kyc.reviewedAt && (
          <Fact term={t('kycReview.decided')}>
            <time dateTime={kyc.reviewedAt}>{formats.stamp(kyc.reviewedAt)}</time>
          </Fact>
        )}
        {kyc.status === 'rejected' && kyc.rejectionReason && (
          <Fact term={t('kycReview.rejectionReason')}>{kyc.rejectionReason}</Fact>
        )}
      </dl>
    </div>
  );
}

/** Other accounts whose check has the same ID number: one person with two accounts, or someone else's ID. */
function SameIdWarning({ kyc }: { kyc: AdminKyc }) {
  const { t } = useTranslation();
  if (kyc.sameIdNumber.length === 0) return null;
  return (
    <section
      aria-labelledby="same-id-title"
      className="space-y-3 rounded-lg border-2 border-red-300 bg-red-50 p-4 text-red-950"
    >
      <h2 id="same-id-title" className="text-lg font-semibold">
        <span aria-hidden="true">⚠ </span>
        {t('kycReview.sameIdTitle')}
      </h2>
      <p>{t('kycReview.sameIdBody', { idNumber: kyc.identity?.idNumber ?? '' })}</p>
      <ul className="space-y-2">
        {kyc.sameIdNumber.map((person) => (
          <li key={person.id} className="rounded-lg border border-red-200 bg-white p-3 text-stone-900">
            <p className="font-semibold break-words">{person.name}</p>
            {(person.email || person.phone) && (
              <p className="text-sm break-words text-stone-700">
                {[person.email, person.phone].filter(Boolean).join(' · ')}
              </p>
            )}
            <Link
              to={`/admin/users?q=${encodeURIComponent(person.email ?? person.phone ?? person.name)}`}
              className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline"
            >
              {t('kycReview.findAccount')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the customer entered: name, birth, gender, address, ID. */
function Details({ kyc }: { kyc: AdminKyc }) {
  const { t } = useTranslation();
  const dateOfBirth = useDateOfBirth();
  const { personal, address, identity } = kyc;
  const notGiven = t('kycReview.notGiven');
  return (
    <dl className={`space-y-1 text-sm ${card}`}>
      <Fact term={t('kycReview.legalName')}>{personal?.legalName ?? notGiven}</Fact>
      <Fact term={t('kycReview.dateOfBirth')}>
        {personal ? <time dateTime={personal.dateOfBirth}>{dateOfBirth(personal.dateOfBirth)}</time> : notGiven}
      </Fact>
      {personal && <Fact term={t('kycReview.age')}>{ageOn(personal.dateOfBirth, todayInKampala())}</Fact>}
      <Fact term={t('kycReview.gender')}>{personal ? t(`kycReview.genders.${personal.gender}`) : notGiven}</Fact>
      <Fact term={t('kycReview.address')}>
        {address ? [address.village, address.subCounty, address.district].join(', ') : notGiven}
      </Fact>
      <Fact term={t('kycReview.idType')}>{identity ? t(`kycReview.idTypes.${identity.idType}`) : notGiven}</Fact>
      <Fact term={t('kycReview.idNumber')}>
        {identity ? <span className="font-mono tracking-wide">{identity.idNumber}</span> : notGiven}
      </Fact>
    </dl>
  );
}

/** Whose account the check belongs to, and the way to it. */
function Account({ account }: { account: AdminKyc['account'] }) {
  const { t } = useTranslation();
  if (!account) return <p className={`text-stone-700 ${card}`}>{t('kycReview.noAccount')}</p>;
  return (
    <div className={`space-y-2 ${card}`}>
      <p className="font-semibold break-words">{account.name}</p>
      <dl className="space-y-1 text-sm">
        {account.email && <Fact term={t('kycReview.email')}>{account.email}</Fact>}
        {account.phone && <Fact term={t('kycReview.phone')}>{account.phone}</Fact>}
      </dl>
      <Link
        to={`/admin/users?q=${encodeURIComponent(account.email ?? account.phone ?? account.name)}`}
        className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline"
      >
        {t('kycReview.findAccount')}
      </Link>
    </div>
  );
}

/** How far the customer got: the percentage and each of the five steps. */
function Progress({ kyc }: { kyc: AdminKyc }) {
  const { t } = useTranslation();
  return (
    <div className={`space-y-3 ${card}`}>
      <p className="font-semibold">{t('kycReview.completion', { completion: kyc.completion })}</p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-stone-200">
        <div className="h-full bg-brand-800" style={{ width: `${kyc.completion}%` }} />
      </div>
      <ul className="space-y-1 text-sm">
        {KYC_STEPS.map((step) => (
          <li key={step} className="flex items-center gap-2">
            <span aria-hidden="true" className={kyc.steps[step] ? 'text-brand-800' : 'text-red-800'}>
              {kyc.steps[step] ? '✓' : '✗'}
            </span>
            <span>{t(`kycReview.steps.${step}`)}</span>
            <span className={kyc.steps[step] ? 'text-stone-600' : 'font-medium text-red-800'}>
              ({kyc.steps[step] ? t('kycReview.stepDone') : t('kycReview.stepMissing')})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Approve, or reject with the reason the customer reads (checked with kycDecisionSchema before
 * it is sent). Shown while the check waits for review, and kept with the server's refusal after.
 */
function Decision({ kyc, owner, onDecided }: { kyc: AdminKyc; owner: string; onDecided: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: KycDecision) => decideKyc(kyc.userId, decision),
    // A second decision is refused (409), never applied twice, so a lost answer is not sent again blind.
    retry: false,
    onSuccess: async (after) => {
      await afterDecision(queryClient, kyc.userId, after);
      const done = after.status === 'verified' ? 'verified' : 'rejected';
      void showToast(t(`kycReview.done.${done}`, { name: owner }), { kind: 'success' });
      onDecided();
    },
    onError: (error) => {
      // Someone else decided it meanwhile: show the check as it is now.
      if (error instanceof ApiError && error.code === 'kyc_not_submitted') void refetchCheck(queryClient, kyc.userId);
    },
  });

  return (
    <DecisionPart
      title={t('kycReview.decisionTitle')}
      intro={t('kycReview.decisionIntro')}
      strings="kycReview"
      id="kyc-reason"
      reason={REASON}
      waiting={kyc.status === 'submitted'}
      decide={decide}
      approval={{ decision: 'approve' }}
      rejection={(reason) => kycDecisionSchema.safeParse({ decision: 'reject', reason })}
    />
  );
}

/**
 * /admin/kyc/:userId: one customer's identity check: the details beside both documents (side
 * by side on a wide screen, one under the other on a phone), a warning when the ID number is on
 * other accounts, and, while it waits for review, approve or reject with a reason.
 */
export default function KycReviewPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const detail = useQuery(adminKycQuery(userId));
  const statusCard = useRef<HTMLDivElement>(null);
  const kyc = detail.data;
  const owner = kyc?.personal?.legalName ?? kyc?.account?.name ?? '';

  return (
    <section className="mx-auto max-w-6xl space-y-6 p-4" aria-labelledby="kyc-review-title">
      <AdminPageHeader titleId="kyc-review-title" title={owner || t('kycReview.one')}>
        <p>
          <Link to="/admin/kyc" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
            {t('kycReview.backToList')}
          </Link>
        </p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      <AdminQuery query={detail} loadingLabel={t('kycReview.loadingOne')} count={3}>
        {(data) => (
          <>
            <Part className="min-w-0 space-y-3" id="status-title" title={t('kycReview.statusTitle')}>
              <StatusCard kyc={data} focusRef={statusCard} />
            </Part>
            <SameIdWarning kyc={data} />
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-4">
              <div className="min-w-0 space-y-6">
                <Part className="min-w-0 space-y-3" id="details-title" title={t('kycReview.detailsTitle')}>
                  <Details kyc={data} />
                </Part>
                <Part className="min-w-0 space-y-3" id="account-title" title={t('kycReview.accountTitle')}>
                  <Account account={data.account} />
                </Part>
                <Part className="min-w-0 space-y-3" id="progress-title" title={t('kycReview.progressTitle')}>
                  <Progress kyc={data} />
                </Part>
              </div>
              <Part className="min-w-0 space-y-3" id="documents-title" title={t('kycReview.documentsTitle')}>
                <Documents kyc={data} owner={owner} />
              </Part>
            </div>
            <Decision
              kyc={data}
              owner={owner}
              onDecided={() => requestAnimationFrame(() => statusCard.current?.focus())}
            />
            <Part className="min-w-0 space-y-3" id="history-title" title={t('kycReview.historyTitle')}>
              <KycHistory kyc={data} />
            </Part>
          </>
        )}
      </AdminQuery>
    </section>
  );
}
