import { dailyRate, kampalaDate } from '@ecogrid/core/credit';
import { useQuery } from '@tanstack/react-query';
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatUgx } from '@/lib/money.ts';
import { DueFacts, LoanStatusBadge } from './loan-card.tsx';
import { CreditHistoryPart } from './credit-history.tsx';
import { LoanDecision } from './loan-decision.tsx';
import { LoanRepossessions } from './loan-repossessions.tsx';
import { LoanWriteOff } from './loan-write-off.tsx';
import { QuoteFacts } from './loan-quote.tsx';
import { LoanPayments, LoanSchedule, LoanTokens } from './loan-records.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { Part } from '@/components/ui/part.tsx';
import { useFormats } from '@/lib/formats.ts';
import { WarrantyState } from '../components/warranty-state.tsx';
import { DownloadLink } from '@/components/ui/download-link.tsx';
import { adminLoanQuery, adminLoanStatementUrl, type AdminLoan } from './api.ts';
import { SwapUnit } from './swap-unit.tsx';
import { ScheduleHistory } from '../components/schedule-history.tsx';
import { LoanPause } from './loan-pause.tsx';

const card = 'rounded-lg border border-stone-200 bg-white p-4';

/** Where the loan stands: status, balance, lateness, the next instalment; focused after a decision. */
function StatusCard({ loan, focusRef }: { loan: AdminLoan; focusRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <div ref={focusRef} tabIndex={-1} className={`space-y-3 ${card}`}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <LoanStatusBadge status={loan.status} />
        <p className="text-right">
          <span className="block text-sm text-stone-700">{t('adminLoans.outstanding')}</span>
          <span className="text-2xl font-bold tabular-nums">{formatUgx(loan.outstanding)}</span>
        </p>
      </div>
      <dl className="space-y-1 text-sm">
        <Fact term={t('adminLoans.paid')}>{formatUgx(loan.paid)}</Fact>
        <DueFacts loan={loan} />
        <Fact term={t('adminLoans.applied')}>
          <time dateTime={loan.createdAt}>{formats.stamp(loan.createdAt)}</time>
        </Fact>
        {loan.startDate && (
          <Fact term={t('adminLoans.started')}>
            <time dateTime={loan.startDate}>{formats.day(loan.startDate)}</time>
          </Fact>
        )}
        {loan.decisionNote && <Fact term={t('adminLoans.decisionNote')}>{loan.decisionNote}</Fact>}
      </dl>
    </div>
  );
}

/** Whose loan it is, where they live and which agent serves them. */
function Customer({ loan }: { loan: AdminLoan }) {
  const { t } = useTranslation();
  const notGiven = t('adminLoans.notGiven');
  return (
    <div className={`space-y-2 ${card}`}>
      <p className="font-semibold break-words">{loan.customerName}</p>
      <dl className="space-y-1 text-sm">
        <Fact term={t('adminLoans.phone')}>{loan.customerPhone ?? notGiven}</Fact>
        <Fact term={t('adminLoans.district')}>{loan.district ?? notGiven}</Fact>
        <Fact term={t('adminLoans.agent')}>
          {loan.agentCode ? <span className="font-mono">{loan.agentCode}</span> : t('adminLoans.noAgent')}
        </Fact>
      </dl>
      <Link
        to={`/admin/users?q=${encodeURIComponent(loan.customerPhone ?? loan.customerName)}`}
        className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline"
      >
        {t('adminLoans.findCustomer')}
      </Link>
    </div>
  );
}

/** The product, the plan and its terms as the customer accepted them. */
function Terms({ loan }: { loan: AdminLoan }) {
  const { t } = useTranslation();
  return (
    <div className={`space-y-3 ${card}`}>
      <p className="font-semibold break-words">{loan.productName}</p>
      <dl className="space-y-1 text-sm">
        <Fact term={t('adminLoans.plan')}>{loan.planName}</Fact>
        <Fact term={t('adminLoans.dailyRate')}>
          {loan.startDate
            ? formatUgx(loan.dailyRate)
            : t('adminLoans.dailyRateBeforeStart', {
                amount: formatUgx(
                  dailyRate({ ...loan, financed: loan.creditPrice - loan.deposit }, kampalaDate(new Date())),
                ),
              })}
        </Fact>
        <Fact term={t('adminLoans.device')}>
          {loan.deviceSerial ? (
            <Link
              to={`/admin/devices?serial=${encodeURIComponent(loan.deviceSerial)}`}
              className="font-mono text-brand-800 underline"
            >
              {loan.deviceSerial}
            </Link>
          ) : (
            t('adminLoans.noDevice')
          )}
        </Fact>
        <Fact term={t('adminLoans.warranty')}>
          {loan.warrantyUntil ? <WarrantyState until={loan.warrantyUntil} /> : t('adminLoans.noDevice')}
        </Fact>
      </dl>
      <QuoteFacts quote={loan} />
    </div>
  );
}

/**
 * /admin/loans/:id: one loan: where it stands, the customer's credit history (the policy's
 * suggestion and why, their score, other loans and payments), and for an application waiting
 * for approval, approve or reject with a reason; for a defaulted one, its repossessions (start
 * one) and a write-off; swapping its unit; then its customer, product and plan, schedule,
 * payments and device tokens.
 */
export default function LoanPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useQuery(adminLoanQuery(id));
  const statusCard = useRef<HTMLDivElement>(null);
  const loan = detail.data;

  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="loan-title">
      <AdminPageHeader titleId="loan-title" title={loan?.number ?? t('adminLoans.one')}>
        <p className="flex flex-wrap gap-x-4">
          <Link to="/admin/loans" className="inline-flex min-h-11 items-center font-medium text-brand-800 underline">
            {t('adminLoans.backToList')}
          </Link>
          <Link
            to="/admin/loans/approvals"
            className="inline-flex min-h-11 items-center font-medium text-brand-800 underline"
          >
            {t('adminLoans.approvals.back')}
          </Link>
        </p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      <AdminQuery query={detail} loadingLabel={t('adminLoans.loadingOne')} count={3}>
        {(data) => (
          <>
            <Part className="min-w-0 space-y-3" id="status-title" title={t('adminLoans.statusTitle')}>
              <StatusCard loan={data} focusRef={statusCard} />
            </Part>
            <CreditHistoryPart loanId={data.id} />
            <LoanDecision loan={data} onDecided={() => requestAnimationFrame(() => statusCard.current?.focus())} />
            <div className="grid gap-6 md:grid-cols-2 md:gap-3">
              <Part className="min-w-0 space-y-3" id="customer-title" title={t('adminLoans.customerTitle')}>
                <Customer loan={data} />
              </Part>
              <Part className="min-w-0 space-y-3" id="terms-title" title={t('adminLoans.termsTitle')}>
                <Terms loan={data} />
              </Part>
            </div>
            <SwapUnit loan={data} />
            {(data.status === 'defaulted' || data.status === 'repossessed') && (
              <Part className="min-w-0 space-y-3" id="repossess-title" title={t('adminLoans.repossess.title')}>
                <LoanRepossessions loan={data} />
                {data.status === 'defaulted' && <LoanWriteOff loan={data} />}
              </Part>
            )}
            <Part className="min-w-0 space-y-3" id="schedule-title" title={t('adminLoans.schedule.title')}>
              <LoanSchedule loan={data} />
            </Part>
            <Part className="min-w-0 space-y-3" id="pause-title" title={t('adminLoans.pause.title')}>
              <LoanPause loan={data} />
            </Part>
            <ScheduleHistory loanId={data.id} admin />
            <Part className="min-w-0 space-y-3" id="payments-title" title={t('adminLoans.payments.title')}>
              <LoanPayments loan={data} />
            </Part>
            <Part className="min-w-0 space-y-3" id="tokens-title" title={t('adminLoans.tokens.title')}>
              <LoanTokens loan={data} />
            </Part>
            <DownloadLink href={adminLoanStatementUrl(data.id)}>{t('adminLoans.statement')}</DownloadLink>
          </>
        )}
      </AdminQuery>
    </section>
  );
}
