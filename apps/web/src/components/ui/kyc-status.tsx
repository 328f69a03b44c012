import type { KycStatus } from '@ecogrid/core/kyc';
import { useTranslation } from 'react-i18next';
import { StatusBadge, KYC_STATUS_TONES } from './badge.tsx';

/** The identity check's status in the customer's words; strings: en.kyc.json. */
export function KycStatusBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tones={KYC_STATUS_TONES} status={status}>
      {t(`kyc.status.${status}`)}
    </StatusBadge>
  );
}
