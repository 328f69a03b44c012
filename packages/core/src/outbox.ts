export type OutboxChannel = 'email' | 'sms';
export const OUTBOX_DELIVERIES = ['pending', 'delivered', 'failed'] as const;
export type OutboxDelivery = (typeof OUTBOX_DELIVERIES)[number];

/** An email or SMS as admins see it in the outbox (GET /api/admin/outbox). */
export type OutboxMessage = {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  /** The text, only while kept for lack of a provider. */
  body: string | null;
  status: 'queued' | 'stored' | 'sent' | 'failed';
  provider: string | null;
  /** Why the last attempt failed. */
  error: string | null;
  attempts: number;
  /** When the code or link in it stops working. */
  expiresAt: string | null;
  purpose: 'code' | 'token' | 'receipt' | 'reminder' | 'other';
  /** What the network last reported for an SMS the provider took; null before any report. */
  delivery: OutboxDelivery | null;
  /** Why the network could not deliver it (Africa's Talking's failureReason, such as AbsentSubscriber). */
  deliveryReason: string | null;
  reportedAt: string | null;
  /** The message this one sends again, if it is a retry or a resend. */
  retryOf: string | null;
  /** Whether an admin can send it again (not a code or link, and its text is kept or can be written again). */
  resendable: boolean;
  createdAt: string;
  updatedAt: string;
};
