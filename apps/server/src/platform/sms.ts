import type { Database } from '#src/db/client.ts';
import { errorText, recordOutboxMessage } from './outbox.ts';

export type Sms = { to: string; message: string };
export type SmsSender = { send(db: Database, sms: Sms): Promise<void> };

type AfricasTalkingSettings = {
  AT_USERNAME?: string | undefined;
  AT_API_KEY?: string | undefined;
  AT_SENDER_ID?: string | undefined;
  AT_BASE_URL?: string | undefined;
};

/** Africa's Talking's live API; their sandbox is https://api.sandbox.africastalking.com. */
export const AT_LIVE_URL = 'https://api.africastalking.com';

/** Africa's Talking's bulk SMS answer: one recipient entry per number, with its own status. */
type AtResponse = { SMSMessageData?: { Recipients?: { status: string; statusCode: number; number: string }[] } };

/**
 * Sends SMS through Africa's Talking when AT_USERNAME and AT_API_KEY are set; otherwise keeps
 * them in the outbox table for admins (and tests) to read.
 */
export function createSmsSender(settings: AfricasTalkingSettings): SmsSender {
  const configured = Boolean(settings.AT_USERNAME && settings.AT_API_KEY);
  return {
    async send(db, sms) {
      if (!configured) {
        await recordOutboxMessage(db, {
          channel: 'sms',
          recipient: sms.to,
          body: sms.message,
          status: 'stored',
          provider: 'outbox',
        });
        return;
      }
      const form = new URLSearchParams({ username: settings.AT_USERNAME!, to: sms.to, message: sms.message });
      if (settings.AT_SENDER_ID) form.set('from', settings.AT_SENDER_ID);
      let error: string | null = null;
      try {
        const response = await fetch(`${settings.AT_BASE_URL ?? AT_LIVE_URL}/version1/messaging`, {
          method: 'POST',
          headers: {
            apiKey: settings.AT_API_KEY!,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form,
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await response.json().catch(() => ({}))) as AtResponse;
        const recipient = body.SMSMessageData?.Recipients?.[0];
        // 100 Processed, 101 Sent, 102 Queued are successes; anything else is a failure.
        if (!response.ok || !recipient || ![100, 101, 102].includes(recipient.statusCode)) {
          error = `Africa's Talking refused the message: ${recipient?.status ?? response.status}`;
        }
      } catch (cause) {
        error = errorText(cause);
      }
      await recordOutboxMessage(db, {
        channel: 'sms',
        recipient: sms.to,
        status: error ? 'failed' : 'sent',
        provider: 'africastalking',
        error,
      });
      if (error) throw new Error(error);
    },
  };
}
