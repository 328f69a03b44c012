import { errorText } from './outbox.ts';

export type Sms = { to: string; message: string };
export type SmsSender = {
  /** 'africastalking' when configured; null keeps SMS in the outbox table for admins (and tests) to read. */
  provider: 'africastalking' | null;
  /**
   * Hands one message to the provider; rejects when it is refused or cannot be reached. Resolves
   * to the provider's id for it (matched by later delivery reports), or null if it gave none.
   */
  deliver(sms: Sms, signal?: AbortSignal): Promise<{ messageId: string | null }>;
};

export type AfricasTalkingSettings = {
  AT_USERNAME?: string | undefined;
  AT_API_KEY?: string | undefined;
  AT_SENDER_ID?: string | undefined;
  AT_BASE_URL?: string | undefined;
};

/** Africa's Talking's live API; their sandbox is https://api.sandbox.africastalking.com. */
export const AT_LIVE_URL = 'https://api.africastalking.com';

/** Africa's Talking's bulk SMS answer: one recipient entry per number, with its own status. */
type AtResponse = {
  SMSMessageData?: { Recipients?: { status: string; statusCode: number; number: string; messageId?: string }[] };
};

/** SMS through Africa's Talking when AT_USERNAME and AT_API_KEY are set. */
export function createSmsSender(settings: AfricasTalkingSettings): SmsSender {
  if (!settings.AT_USERNAME || !settings.AT_API_KEY) {
    return { provider: null, deliver: () => Promise.reject(new Error('No SMS provider is configured.')) };
  }
  const { AT_USERNAME: username, AT_API_KEY: apiKey } = settings;
  return {
    provider: 'africastalking',
    async deliver(sms, signal) {
      const form = new URLSearchParams({ username, to: sms.to, message: sms.message });
      if (settings.AT_SENDER_ID) form.set('from', settings.AT_SENDER_ID);
      let response: Response;
      try {
        response = await fetch(`${settings.AT_BASE_URL ?? AT_LIVE_URL}/version1/messaging`, {
          method: 'POST',
          headers: { apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
        });
      } catch (cause) {
        throw new Error(`Africa's Talking could not be reached: ${errorText(cause)}`);
      }
      const body = (await response.json().catch(() => ({}))) as AtResponse;
      const recipient = body.SMSMessageData?.Recipients?.[0];
      // 100 Processed, 101 Sent, 102 Queued are successes; anything else is a failure.
      if (!response.ok || !recipient || ![100, 101, 102].includes(recipient.statusCode)) {
        throw new Error(`Africa's Talking refused the message: ${recipient?.status ?? response.status}`);
      }
      const id = recipient.messageId;
      return { messageId: typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null };
    },
  };
}

/**
 * Asks Africa's Talking for the account's data (GET /version1/user, its balance), for the system
 * checks. Resolves to the balance as they word it ("UGX 1,000.00"); rejects when the account
 * cannot be reached or the key is refused. Null when no SMS provider is configured.
 */
export async function africasTalkingBalance(
  settings: AfricasTalkingSettings,
  signal?: AbortSignal,
): Promise<string | null> {
  if (!settings.AT_USERNAME || !settings.AT_API_KEY) return null;
  const url = `${settings.AT_BASE_URL ?? AT_LIVE_URL}/version1/user?username=${encodeURIComponent(settings.AT_USERNAME)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { apiKey: settings.AT_API_KEY, Accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
    });
  } catch (cause) {
    throw new Error(`Africa's Talking could not be reached: ${errorText(cause)}`);
  }
  const body = (await response.json().catch(() => ({}))) as { UserData?: { balance?: unknown } };
  if (!response.ok) throw new Error(`Africa's Talking refused the account look-up (HTTP ${response.status})`);
  const balance = body.UserData?.balance;
  if (typeof balance !== 'string') throw new Error("Africa's Talking answered without the account's balance");
  return balance;
}
