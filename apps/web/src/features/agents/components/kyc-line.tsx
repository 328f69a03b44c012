import type { KycStatus } from '@ecogrid/core/kyc';
import { useTranslation } from 'react-i18next';
import { KYC_STATUS_TONES, StatusBadge } from '@/components/ui/badge.tsx';

/** The API sends the status as text; one it does not know shows as pending. */
const isKycStatus = (status: string): status is KycStatus => status in KYC_STATUS_TONES;

/** "Identity check: Verified", for a customer the agent serves. */
export function KycLine({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = isKycStatus(status) ? status : 'pending';
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-stone-700">{t('agent.list.kyc')}</span>
      <StatusBadge tones={KYC_STATUS_TONES} status={known}>
        {t(`agent.status.${known}`)}
      </StatusBadge>
    </p>
  );
}
