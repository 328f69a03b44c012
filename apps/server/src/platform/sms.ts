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
  /**
   * Hands one text to many numbers in one request (Africa's Talking's bulk send); rejects when
   * the request as a whole is refused or cannot be reached. Resolves to each number's outcome.
   */
  deliverMany(to: string[], message: string, signal?: AbortSignal): Promise<Map<string, BulkOutcome>>;
};

/** What became of one number of a bulk send: taken (with the provider's id) or refused. */
export type BulkOutcome = { ok: true; messageId: string | null } | { ok: false; error: string };

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

/** 100 Processed, 101 Sent, 102 Queued: the provider took the message. */
const TAKEN = [100, 101, 102];

/** SMS through Africa's Talking when AT_USERNAME and AT_API_KEY are set. */
export function createSmsSender(settings: AfricasTalkingSettings): SmsSender {
  if (!settings.AT_USERNAME || !settings.AT_API_KEY) {
    const none = () => Promise.reject(new Error('No SMS provider is configured.'));
    return { provider: null, deliver: none, deliverMany: none };
  }
  const { AT_USERNAME: username, AT_API_KEY: apiKey } = settings;
  const post = async (to: string, message: string, signal?: AbortSignal) => {
    const form = new URLSearchParams({ username, to, message });
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
    return { ok: response.ok, status: response.status, recipients: body.SMSMessageData?.Recipients ?? [] };
  };
  const idOf = (id: unknown) => (typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null);
  return {
    provider: 'africastalking',
    async deliverMany(to, message, signal) {
      const answer = await post(to.join(','), message, signal);
      if (!answer.ok) throw new Error(`Africa's Talking refused the messages: ${answer.status}`);
      const byNumber = new Map(answer.recipients.map((r) => [r.number, r]));
      return new Map(
        to.map((number): [string, BulkOutcome] => {
          const r = byNumber.get(number);
          if (r && TAKEN.includes(r.statusCode)) return [number, { ok: true, messageId: idOf(r.messageId) }];
          return [number, { ok: false, error: r ? `Refused: ${r.status}` : 'No answer for this number.' }];
        }),
      );
    },
    async deliver(sms, signal) {
      const answer = await post(sms.to, sms.message, signal);
      const recipient = answer.recipients[0];
      // 100 Processed, 101 Sent, 102 Queued are successes; anything else is a failure.
      if (!answer.ok || !recipient || !TAKEN.includes(recipient.statusCode)) {
        throw new Error(`Africa's Talking refused the message: ${recipient?.status ?? answer.status}`);
      }
      return { messageId: idOf(recipient.messageId) };
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
