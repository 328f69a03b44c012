export type OutboxChannel = 'email' | 'sms';

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
  createdAt: string;
  updatedAt: string;
};
