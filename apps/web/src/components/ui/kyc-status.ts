import type { KycStatus } from '@ecogrid/core/kyc';
import type { Tone } from './badge.tsx';

/** An identity check's status colour, the same for the customer and the agent helping them. */
export const KYC_STATUS_TONES: Record<KycStatus, Tone> = {
  pending: 'neutral',
  submitted: 'info',
  verified: 'good',
  rejected: 'bad',
};
